import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountDisplayName, displayCredits } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { useAccount } from '../../auth/hooks/account-context';
import { AccountAvatar } from './account-avatar';
import { useGroupName } from '../../groups/hooks/use-group-name';

export function ProfileSummaryCard() {
  const { t, i18n } = useTranslation();
  const groupName = useGroupName();
  const account = useAccount();
  return (
    <Card>
      <CardContent
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 6 }}
      >
        <AccountAvatar account={account} sx={{ width: 96, height: 96, fontSize: 40, mb: 2 }} />
        <Typography variant="h6" data-testid="profile-name">
          {accountDisplayName(account)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, wordBreak: 'break-all' }}>
          {account.email}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
          {account.group_name && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={groupName({ id: account.group_id, name: account.group_name })}
            />
          )}
          <Chip
            size="small"
            label={t('credits.amount', {
              count: displayCredits(account),
              credits: formatNumber(displayCredits(account), i18n.resolvedLanguage),
            })}
          />
        </Stack>
        <Typography variant="caption" sx={{ color: 'text.secondary', mt: 3 }}>
          {t('profile.memberSince', { date: formatDate(account.created_at, i18n.resolvedLanguage) })}
        </Typography>
      </CardContent>
    </Card>
  );
}
