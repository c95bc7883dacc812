import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Links from an article leave the panel; they never get the opener or a referrer.
const components: Components = {
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </Link>
  ),
};

/**
 * Markdown written by admins. `skipHtml` drops raw HTML instead of rendering it and react-markdown's
 * default URL transform refuses `javascript:` and similar links, so an article cannot run script.
 */
export function MarkdownView({ source, testId }: { source: string; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={(theme) => ({
        ...theme.typography.body1,
        wordBreak: 'break-word',
        '& h1': { ...theme.typography.h4, mt: 3, mb: 1.5 },
        '& h2': { ...theme.typography.h5, mt: 3, mb: 1.5 },
        '& h3, & h4, & h5, & h6': { ...theme.typography.h6, mt: 2.5, mb: 1 },
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3, my: 1.5 },
        '& li + li': { mt: 0.5 },
        '& blockquote': {
          m: 0,
          my: 2,
          py: 1,
          px: 2,
          borderLeft: `4px solid ${theme.palette.divider}`,
          color: 'text.secondary',
          bgcolor: 'background.neutral',
          borderRadius: 1,
        },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.875em',
          px: 0.5,
          py: 0.25,
          borderRadius: 0.75,
          bgcolor: 'background.neutral',
        },
        '& pre': { p: 2, borderRadius: 1.5, overflowX: 'auto', bgcolor: 'grey.800', color: 'common.white' },
        '& pre code': { p: 0, bgcolor: 'transparent', color: 'inherit' },
        '& table': { borderCollapse: 'collapse', my: 2, width: 1, display: 'block', overflowX: 'auto' },
        '& th, & td': { border: `1px solid ${theme.palette.divider}`, px: 1.5, py: 1, textAlign: 'left' },
        '& th': { bgcolor: 'background.neutral', fontWeight: 600 },
        '& img': { maxWidth: 1, borderRadius: 1 },
        '& hr': { border: 0, borderTop: `1px dashed ${theme.palette.divider}`, my: 3 },
        // The first block sits flush with the card's padding: `&&` outranks the heading rules above,
        // and `* + *` avoids :first-child, which emotion warns about when rendering on the server.
        '&& > :not(* + *)': { mt: 0 },
      })}
    >
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {source}
      </Markdown>
    </Box>
  );
}
