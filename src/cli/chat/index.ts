/**
 * The chat terminal UI (Ink): one more renderer of the session engine's
 * events. Loads Ink and React, so the CLI imports this entry lazily, from
 * the `chat` command's action only.
 */
export { ChatApp, type ChatAppProps } from './chat-app.js';
export { pickSession, runChat, type PickSessionOptions, type RunChatOptions, type TerminalStreams } from './run-chat.js';
export { SessionPicker, type SessionPickerProps, type SessionSummary } from './session-picker.js';
