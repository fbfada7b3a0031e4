import { useState } from 'preact/hooks';

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function Composer(props: { isDisabled: boolean; disabledReason: string; onSend(text: string): Promise<boolean> }) {
  const [text, setText] = useState('');
  const send = async () => {
    const message = text.trim();
    if (message === '' || props.isDisabled) return;
    if (await props.onSend(message)) setText('');
  };
  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label for="message">Message</label>
      <textarea
        id="message"
        rows={3}
        value={text}
        placeholder="Ask the agent… (Enter sends, Shift+Enter for a new line)"
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Not while an input method composes a character: its Enter confirms the character.
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <button type="submit" disabled={props.isDisabled || text.trim() === ''}>
        Send
      </button>
      {props.isDisabled ? <p class="muted">{props.disabledReason}</p> : null}
    </form>
  );
}
