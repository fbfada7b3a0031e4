import { Box, Static, Text, useApp, useInput, useStdout, type Key } from 'ink';
import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import type { SessionEngine } from '../../agent/engine/session-engine.js';
import type { AgentMode } from '../../agent/events/agent-event.js';
import type { AgentMemory } from '../../agent/memory/index.js';
import { oneLine } from '../run/describe-tool-call.js';
import { ApprovalView } from './approval-view.js';
import { chatReducer, INITIAL_CHAT_STATE, transcriptOfHistory, type ChatState, type NewTranscriptItem, type NoticeTone } from './chat-state.js';
import { AGENT_MODES, parseInput, READ_ONLY_COMMANDS, SLASH_COMMANDS, unknownCommandLine, type SlashCommandName } from './slash-commands.js';
import { StatusLine } from './status-line.js';
import { terminalSafeBlock } from './terminal-safe-block.js';
import { NoticeLine, ToolCallLine, TranscriptItemView } from './transcript-item-view.js';
import { MarkdownView } from './markdown-view.js';
import { memoryLines } from './memory-lines.js';
import { acceptCompletion, usePathCompletion } from './use-path-completion.js';

/** A second Ctrl-C within this long of the one that cancelled a turn leaves the chat. */
export const DOUBLE_CTRL_C_MS = 2000;
/** Longest error message shown on its one red line. */
const MAX_ERROR_CHARS = 300;
/** Clears the screen and its scrollback, cursor home (what /clear shows). */
const CLEAR_SCREEN = '\u001b[2J\u001b[3J\u001b[H';

export interface ChatAppProps {
  /** The session the chat talks to; the app subscribes to its events while mounted. */
  engine: SessionEngine;
  /** The agent's memory, for `/memory`; null or absent when it is off. */
  memory?: AgentMemory | null;
}

const KEYS_HELP = [
  'Enter sends · Up/Down walks earlier messages · @path then Tab completes a file',
  'Ctrl-O (or Tab on an empty line) shows the last turn’s tool calls in full',
  'Ctrl-C cancels a running turn; again (or when idle) leaves',
];

/**
 * The chat terminal UI over one session engine: the transcript (finished
 * items in Ink's `<Static>`, written once), the running turn (streamed
 * Markdown and tool-call lines), in-line approvals, the input line with
 * `@path` completion and history, and a status line. Every engine call's
 * error becomes one red line; the UI keeps running. Render it with
 * `exitOnCtrlC: false` (runChat does): Ctrl-C is the app's own key.
 */
export function ChatApp({ engine, memory = null }: ChatAppProps): ReactNode {
  const { exit } = useApp();
  const { stdout, write } = useStdout();
  const columns = useColumns(stdout);
  const [state, dispatch] = useReducer(chatReducer, engine, initialState);
  const [isBusy, setIsBusy] = useState(false);
  const [isExpanded, setIsExpanded] = useState(false);
  const [approvalMessage, setApprovalMessageState] = useState<string | null>(null);
  const approvalMessageRef = useRef<string | null>(null);
  const [input, setInput] = useState('');
  const inputRef = useRef('');
  const history = useRef<string[]>(engine.history().map((turn) => turn.user));
  const historyIndex = useRef<number | null>(null);
  const lastCancelAt = useRef(Number.NEGATIVE_INFINITY);
  const completion = usePathCompletion(engine, input);
  const approval = state.approvals[0] ?? null;

  const setApprovalMessage = useCallback((next: string | null) => {
    approvalMessageRef.current = next;
    setApprovalMessageState(next);
  }, []);
  const updateInput = useCallback((next: string) => {
    inputRef.current = next;
    setInput(next);
  }, []);
  const notice = useCallback((text: string, tone: NoticeTone = 'info') => dispatch({ type: 'add', items: [{ kind: 'notice', text, tone }] }), []);
  const showError = useCallback((error: unknown) => notice(oneLine(error instanceof Error ? error.message : String(error), MAX_ERROR_CHARS), 'error'), [notice]);
  /** Runs an engine call; its failure is one red line. */
  const attempt = useCallback(
    (call: () => Promise<void> | void) => {
      try {
        Promise.resolve(call()).catch(showError);
      } catch (error) {
        showError(error);
      }
    },
    [showError],
  );

  useEffect(() => engine.subscribe((event) => dispatch({ type: 'event', event })), [engine]);
  useEffect(() => setApprovalMessage(null), [approval?.approvalId, setApprovalMessage]);

  const leave = useCallback(() => {
    if (engine.isBusy()) engine.cancel();
    exit();
  }, [engine, exit]);

  const answer = (choice: 'once' | 'session' | 'deny', message?: string): void => {
    if (approval === null) return;
    let isPending: boolean;
    try {
      isPending = engine.answerApproval(approval.approvalId, message === undefined ? { choice } : { choice, message });
    } catch (error) {
      showError(error);
      return;
    }
    if (!isPending) {
      dispatch({ type: 'approval-gone', approvalId: approval.approvalId });
      notice('that approval is no longer pending', 'warning');
    }
    setApprovalMessage(null);
  };

  const send = (text: string): void => {
    if (isBusy || engine.isBusy()) {
      notice('a turn is running: wait for it to finish, or Ctrl-C to cancel it', 'warning');
      return;
    }
    setIsBusy(true);
    setIsExpanded(false);
    // A synchronous throw becomes a rejection too: one red line, never a crash of the UI.
    new Promise((resolve) => resolve(engine.send(text)))
      .catch(showError)
      .finally(() => setIsBusy(false));
  };

  const runCommand = (name: SlashCommandName, argument: string): void => {
    switch (name) {
      case 'help':
        return dispatch({ type: 'add', items: helpItems() });
      case 'diff':
        return attempt(() => dispatch({ type: 'add', items: [{ kind: 'diff', diff: engine.diff() }] }));
      case 'undo':
        return attempt(async () => {
          const outcome = await engine.undo();
          const items: NewTranscriptItem[] = [{ kind: 'notice', text: outcome.message, tone: outcome.conflicts.length > 0 ? 'warning' : 'success' }];
          if (outcome.restored.length > 0) items.push({ kind: 'notice', text: `restored: ${outcome.restored.join(', ')}`, tone: 'info' });
          if (outcome.conflicts.length > 0) items.push({ kind: 'notice', text: `changed since, so not restored: ${outcome.conflicts.join(', ')}`, tone: 'warning' });
          dispatch({ type: 'add', items });
        });
      case 'context':
        return attempt(async () => dispatch({ type: 'add', items: [{ kind: 'context', report: await engine.contextReport() }] }));
      case 'memory':
        return attempt(async () => dispatch({ type: 'add', items: (await memoryLines(memory, argument)).map((text) => ({ kind: 'notice' as const, text, tone: 'info' as const })) }));
      case 'compact':
        return attempt(async () => {
          const result = await engine.compact();
          notice(`compacted ${result.turns} earlier turn(s): ${result.tokensBefore} → ${result.tokensAfter} tokens`, 'success');
        });
      case 'mode':
        if (argument === '') return notice(`mode: ${engine.mode} (choices: ${AGENT_MODES.join(', ')})`);
        if (!AGENT_MODES.includes(argument as AgentMode)) return notice(`unknown mode ${argument}: choose one of ${AGENT_MODES.join(', ')}`, 'error');
        return attempt(async () => {
          await engine.setMode(argument as AgentMode);
          notice(`mode: ${engine.mode}`, 'success');
        });
      case 'model':
        if (argument === '') return notice(`model: ${engine.model} (/model NAME switches)`);
        return attempt(async () => {
          await engine.setModel(argument);
          notice(`model: ${engine.model}`, 'success');
        });
      case 'clear':
        return attempt(async () => {
          await engine.clear();
          dispatch({ type: 'clear' });
          write(CLEAR_SCREEN);
          notice('cleared: the next message starts a new session', 'dim');
        });
      case 'exit':
        return leave();
    }
  };

  const submit = (): void => {
    const line = inputRef.current;
    if (line.trim().length === 0) return;
    history.current.push(line);
    historyIndex.current = null;
    updateInput('');
    const parsed = parseInput(line);
    if (parsed.kind === 'unknown') return notice(unknownCommandLine(parsed.name), 'error');
    if (engine.readOnlyReason !== null && (parsed.kind === 'message' || !READ_ONLY_COMMANDS.includes(parsed.name))) {
      return notice(`read-only session: only ${READ_ONLY_COMMANDS.map((command) => `/${command}`).join(', ')} work here`, 'error');
    }
    if (parsed.kind === 'message') return send(parsed.text);
    runCommand(parsed.name, parsed.argument);
  };

  const walkHistory = (step: -1 | 1): void => {
    const entries = history.current;
    if (entries.length === 0) return;
    const current = historyIndex.current ?? entries.length;
    const next = Math.min(entries.length, Math.max(0, current + step));
    historyIndex.current = next === entries.length ? null : next;
    updateInput(entries[next] ?? '');
  };

  const handleKey = (typed: string, key: Key): void => {
    if (key.ctrl && typed === 'c') {
      const now = Date.now();
      if ((isBusy || engine.isBusy()) && now - lastCancelAt.current > DOUBLE_CTRL_C_MS) {
        lastCancelAt.current = now;
        engine.cancel();
        notice('cancelled (Ctrl-C again to exit)', 'warning');
        return;
      }
      leave();
      return;
    }
    if (typed.length > 1 && SPLIT_KEYS.test(typed) && !key.ctrl && !key.meta) {
      // Keys typed fast (or sent by tmux) arrive as one chunk with text: replay them one by one.
      for (const step of keySteps(typed)) handleKey(step.typed, step.key);
      return;
    }
    if (approval !== null) {
      const approvalMessage = approvalMessageRef.current;
      if (approvalMessage === null) {
        if (typed === 'y') answer('once');
        else if (typed === 'a') answer('session');
        else if (typed === 'n') answer('deny');
        else if (typed === 'm') setApprovalMessage('');
        return;
      }
      if (key.return) answer('deny', approvalMessage);
      else if (key.escape) setApprovalMessage(null);
      else if (key.backspace || key.delete) setApprovalMessage(approvalMessage.slice(0, -1));
      else if (!key.ctrl && !key.meta) setApprovalMessage(approvalMessage + printable(typed));
      return;
    }
    const isListOpen = completion.completions.length > 0;
    if ((key.ctrl && typed === 'o') || (key.tab && !isListOpen && inputRef.current === '')) {
      setIsExpanded((expanded) => !expanded);
    } else if (key.tab) {
      const chosen = completion.completions[completion.currentSelected()];
      if (chosen !== undefined) updateInput(acceptCompletion(inputRef.current, chosen));
    } else if (key.upArrow) {
      if (isListOpen) completion.select(completion.currentSelected() - 1);
      else walkHistory(-1);
    } else if (key.downArrow) {
      if (isListOpen) completion.select(completion.currentSelected() + 1);
      else walkHistory(1);
    } else if (key.escape) {
      completion.dismiss();
    } else if (key.return) {
      submit();
    } else if (key.backspace || key.delete) {
      updateInput(inputRef.current.slice(0, -1));
    } else if (!key.ctrl && !key.meta) {
      updateInput(inputRef.current + printable(typed));
    }
  };
  // Keys can arrive between a render and the effect that resubscribes useInput's handler: read this render's state through a ref.
  const handleKeyRef = useRef(handleKey);
  handleKeyRef.current = handleKey;
  useInput((typed, key) => handleKeyRef.current(typed, key));

  const width = Math.max(1, columns);
  return (
    <Box flexDirection="column" width={width}>
      <Static key={state.epoch} items={state.items}>
        {(item) => (
          <Box key={item.id} width={width}>
            <TranscriptItemView item={item} />
          </Box>
        )}
      </Static>
      {state.live.map((block, index) =>
        block.kind === 'text' ? <MarkdownView key={index} text={block.text} /> : <ToolCallLine key={index} call={block.call} />,
      )}
      {approval === null ? null : <ApprovalView approval={approval} columns={width} message={approvalMessage} />}
      {isExpanded ? <ExpandedCalls state={state} /> : null}
      {approval === null ? (
        <Box flexDirection="column" marginTop={1}>
          {engine.readOnlyReason === null ? null : <NoticeLine text={`read-only: ${engine.readOnlyReason}`} tone="warning" />}
          <Text>
            <Text color="cyan">{'› '}</Text>
            {terminalSafeBlock(input)}
            <Text inverse> </Text>
          </Text>
          {completion.completions.map((path, index) => (
            <Text key={path} inverse={index === completion.selected}>{`  @${terminalSafeBlock(path)}`}</Text>
          ))}
        </Box>
      ) : null}
      <StatusLine engine={engine} tokens={state.tokens} isBusy={isBusy} />
    </Box>
  );
}

/** The transcript to begin with: a resumed session's turns, then the line saying so. */
function initialState(engine: SessionEngine): ChatState {
  const turns = engine.history();
  if (turns.length === 0) return INITIAL_CHAT_STATE;
  return chatReducer(INITIAL_CHAT_STATE, { type: 'add', items: [...transcriptOfHistory(turns), { kind: 'notice', text: `resumed session ${engine.id}`, tone: 'dim' }] });
}

function ExpandedCalls({ state }: { state: ChatState }): ReactNode {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text dimColor>{state.lastTurnCalls.length === 0 ? 'no tool calls in the last turn (Ctrl-O hides)' : 'the last turn’s tool calls in full (Ctrl-O hides):'}</Text>
      {state.lastTurnCalls.map((call) => (
        <ToolCallLine key={call.callId} call={call} isFull />
      ))}
    </Box>
  );
}

function helpItems(): NewTranscriptItem[] {
  return [...SLASH_COMMANDS.map((command) => `${command.usage} — ${command.description}`), ...KEYS_HELP].map((text) => ({ kind: 'notice' as const, text, tone: 'info' as const }));
}

/** Control keys that may arrive inside a chunk of typed text: Tab, Enter, Backspace. */
const SPLIT_KEYS = /[\t\r\n\u007f\b]/;
const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

/**
 * A chunk of input as the keys it holds: runs of text, and Tab, Enter and
 * Backspace on their own. A newline inside a chunk (a paste) is a space;
 * only one at its end is Enter.
 */
export function keySteps(chunk: string): { typed: string; key: Key }[] {
  const steps: { typed: string; key: Key }[] = [];
  const characters = [...chunk.replace(/\r\n/g, '\r')];
  let text = '';
  const flushText = (): void => {
    if (text.length > 0) steps.push({ typed: text, key: NO_KEY });
    text = '';
  };
  characters.forEach((character, index) => {
    const isLast = index === characters.length - 1;
    if (character === '\t') {
      flushText();
      steps.push({ typed: '', key: { ...NO_KEY, tab: true } });
    } else if (character === '\u007f' || character === '\b') {
      flushText();
      steps.push({ typed: '', key: { ...NO_KEY, backspace: true } });
    } else if (character === '\r' || character === '\n') {
      if (isLast) {
        flushText();
        steps.push({ typed: '', key: { ...NO_KEY, return: true } });
      } else text += ' ';
    } else text += character;
  });
  flushText();
  return steps;
}

/** Typed or pasted text on one line: newlines become spaces, other control characters are dropped. */
function printable(typed: string): string {
  return [...typed.replace(/\r\n|\r|\n/g, ' ')].filter((character) => character.charCodeAt(0) >= 0x20 && character.charCodeAt(0) !== 0x7f).join('');
}

/** The terminal's width, following resizes. */
function useColumns(stdout: NodeJS.WriteStream): number {
  const [columns, setColumns] = useState(stdout.columns || 80);
  useEffect(() => {
    const onResize = (): void => setColumns(stdout.columns || 80);
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return columns;
}
