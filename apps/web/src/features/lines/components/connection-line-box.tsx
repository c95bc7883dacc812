import Box from '@mui/material/Box';
import { CopyButton } from './copy-button';

type ConnectionLineBoxProps = {
  text: string;
  copyLabel: string;
  testId: string;
  copyTestId: string;
  /** The dialog after a create shows the line a little larger than the line page does. */
  large?: boolean;
};

/** The connection line in a dark code box with its copy button, as the receiver's screen shows it. */
export function ConnectionLineBox({
  text,
  copyLabel,
  testId,
  copyTestId,
  large = false,
}: ConnectionLineBoxProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 2,
        pr: 1,
        py: 1.5,
        borderRadius: 1.5,
        bgcolor: 'grey.900',
        color: 'common.white',
        '& .MuiIconButton-root': { color: 'grey.400' },
      }}
    >
      <Box
        component="code"
        data-testid={testId}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          fontSize: large ? 15 : 14,
          wordBreak: 'break-all',
          fontFamily: 'monospace',
        }}
      >
        {text}
      </Box>
      <CopyButton text={text} label={copyLabel} testId={copyTestId} size={large ? 'medium' : undefined} />
    </Box>
  );
}
