import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { Conversation } from '../conversation/conversation.tsx';

/** A booking's Conversation button and the dialog holding its thread, for everyone who sees the booking. */
export function BookingConversationButton({ reference }: { reference: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const title = `Conversation on ${reference}`;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ForumOutlinedIcon />}
        aria-label={title}
        onClick={() => setIsOpen(true)}
      >
        Conversation
      </Button>
      {isOpen ? (
        <Dialog open onClose={() => setIsOpen(false)} fullWidth maxWidth="md">
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <Conversation record="booking" recordKey={reference} headingLevel={3} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setIsOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
