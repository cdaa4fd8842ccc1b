import { Box, Button } from '@mui/material';
import { useState } from 'react';

type CopyTextProps = {
  /** What is shown and copied: a secret, a token, a link. */
  text: string;
  /** The button's accessible name: 'Copy the signing secret'. */
  label: string;
  /** What the reader selects by hand when the browser refuses: 'the secret'. */
  noun: string;
};

/**
 * A value shown once (a secret, a token, a link) and a button that copies it, or says how to,
 * where the browser refuses the clipboard (a page not served over HTTPS, a denied permission).
 */
export function CopyText({ text, label, noun }: CopyTextProps) {
  const [copied, setCopied] = useState<'yes' | 'refused' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('refused');
    }
  };
  return (
    <>
      <Box component="code" sx={{ wordBreak: 'break-all' }}>
        {text}
      </Box>{' '}
      <Button size="small" variant="outlined" color="inherit" onClick={copy} aria-label={label}>
        Copy
      </Button>{' '}
      <span role="status">
        {copied === 'yes'
          ? 'Copied.'
          : copied === 'refused'
            ? `The browser did not allow copying: select ${noun} and copy it.`
            : ''}
      </span>
    </>
  );
}
