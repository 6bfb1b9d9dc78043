import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { chat } from '../../../domain/index.js';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { saveInstructions } from '../../../infrastructure/chat/commands';
import { Button, Dialog, Field, TextArea, TextInput } from '../../ui';

/** Spec §7 second instructions (content, title): what the character follows in this chat. */
export const InstructionsDialog = ({ current }: { readonly current: chat.ChatInstruction | null }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setTitle(current?.title ?? '');
          setContent(current?.content ?? '');
        }
      }}
      title={<FormattedMessage id="chat.instructions.title" />}
      description={<FormattedMessage id="chat.instructions.description" />}
      closeLabel={intl.formatMessage({ id: 'notices.close' })}
      trigger={
        <Button size="sm" variant={current === null ? 'ghost' : 'secondary'} data-testid="instructions-open">
          <FormattedMessage id={current === null ? 'chat.instructions.add' : 'chat.instructions.edit'} />
        </Button>
      }
      footer={
        <>
          {current !== null && (
            <Button
              variant="ghost"
              onClick={() => {
                dispatch(saveInstructions({ title: '', content: '' }));
                setOpen(false);
              }}
            >
              <FormattedMessage id="chat.instructions.clear" />
            </Button>
          )}
          <Button
            variant="primary"
            data-testid="instructions-save"
            disabled={content.trim() === ''}
            onClick={() => {
              dispatch(saveInstructions({ title: title.trim(), content: content.trim() }));
              setOpen(false);
            }}
          >
            <FormattedMessage id="chat.instructions.save" />
          </Button>
        </>
      }
    >
      <Field label={<FormattedMessage id="chat.instructions.name" />}>
        <TextInput value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label={<FormattedMessage id="chat.instructions.content" />} help={`${content.length}/1000`}>
        <TextArea
          rows={5}
          value={content}
          maxLength={1000}
          onChange={(e) => setContent(e.target.value)}
          data-testid="instructions-content"
        />
      </Field>
    </Dialog>
  );
};
