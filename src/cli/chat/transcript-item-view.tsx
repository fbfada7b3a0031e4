import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { ContextReport } from '../../agent/engine/session-engine.js';
import { MAX_RESULT_SUMMARY_CHARS } from '../run/create-human-renderer.js';
import { oneLine } from '../run/describe-tool-call.js';
import { terminalSafeName } from '../terminal-safe-text.js';
import type { NoticeTone, ToolCallView, TranscriptItem } from './chat-state.js';
import { DiffView } from './diff-view.js';
import { MarkdownView } from './markdown-view.js';
import { terminalSafeBlock } from './terminal-safe-block.js';

/** Most discovered files listed by name; the rest are counted. */
export const MAX_DISCOVERY_LINES = 8;

const TONE_COLOR: Record<NoticeTone, string | undefined> = { info: undefined, dim: undefined, success: 'green', warning: 'yellow', error: 'red' };

/** One finished item of the transcript. */
export function TranscriptItemView({ item }: { item: TranscriptItem }): ReactNode {
  switch (item.kind) {
    case 'user':
      return (
        <Box marginTop={1}>
          <Text color="cyan" bold>
            {'› '}
          </Text>
          <Text>{terminalSafeBlock(item.text)}</Text>
        </Box>
      );
    case 'assistant':
      return <MarkdownView text={item.text} />;
    case 'tool':
      return <ToolCallLine call={item.call} />;
    case 'discovery':
      return <DiscoveryView files={item.files} commands={item.commands} />;
    case 'notice':
      return <NoticeLine text={item.text} tone={item.tone} />;
    case 'diff':
      return item.diff.length === 0 ? <NoticeLine text="no change to show" tone="dim" /> : <DiffView diff={item.diff} />;
    case 'context':
      return <ContextReportView report={item.report} />;
  }
}

/** A line of the UI's own: one colour, text terminal-safe. */
export function NoticeLine({ text, tone }: { text: string; tone: NoticeTone }): ReactNode {
  const color = TONE_COLOR[tone];
  return color === undefined ? <Text dimColor={tone === 'dim'}>{terminalSafeBlock(text)}</Text> : <Text color={color}>{terminalSafeBlock(text)}</Text>;
}

/** `→ read_file src/a.ts  ✓ 40 lines (12 ms)`; in full, the call's input and whole summary. */
export function ToolCallLine({ call, isFull = false }: { call: ToolCallView; isFull?: boolean }): ReactNode {
  const duration = call.durationMs === null ? '' : ` (${call.durationMs} ms)`;
  const result = isFull ? terminalSafeBlock(call.result) : terminalSafeName(oneLine(call.result, MAX_RESULT_SUMMARY_CHARS));
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="cyan">{'→ '}</Text>
        {terminalSafeName(call.description)}
        {call.status === 'running' ? <Text dimColor> …</Text> : null}
        {call.status === 'done' ? <Text dimColor>{`  ✓ ${result}${duration}`}</Text> : null}
        {call.status === 'failed' ? <Text color="red">{`  ✗ ${result}${duration}`}</Text> : null}
      </Text>
      {isFull ? (
        <Box paddingLeft={2}>
          <Text dimColor>{terminalSafeBlock(JSON.stringify(call.input, null, 2) ?? 'no input')}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** What discovery found for the first message: "found N files", each with its reason. */
export function DiscoveryView({ files, commands }: { files: readonly { path: string; reason: string }[]; commands: readonly { name: string; ran: boolean; exitCode: number | null }[] }): ReactNode {
  const ran = commands.filter((command) => command.ran);
  const shown = files.slice(0, MAX_DISCOVERY_LINES);
  return (
    <Box flexDirection="column">
      <Text dimColor>{`found ${files.length} ${files.length === 1 ? 'file' : 'files'}${ran.length > 0 ? `; ran ${ran.map((command) => `${terminalSafeName(command.name)} (exit ${command.exitCode ?? 'none'})`).join(', ')}` : ''}`}</Text>
      {shown.map((file, index) => (
        <Text key={index} dimColor>
          {`  ${terminalSafeName(file.path)} — ${terminalSafeName(oneLine(file.reason, MAX_RESULT_SUMMARY_CHARS))}`}
        </Text>
      ))}
      {files.length > shown.length ? <Text dimColor>{`  and ${files.length - shown.length} more`}</Text> : null}
    </Box>
  );
}

/** `/context`: guidance, the nested manifest (disclosed or not), discovered files and why, reminders, tokens. */
export function ContextReportView({ report }: { report: ContextReport }): ReactNode {
  const { tokens } = report;
  const section = (title: string, lines: string[]): ReactNode => (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {lines.length === 0 ? <Text dimColor>  none</Text> : lines.map((line, index) => <Text key={index}>{`  ${line}`}</Text>)}
    </Box>
  );
  return (
    <Box flexDirection="column">
      {section('guidance', report.guidance.map((file) => `${terminalSafeName(file.path)} (${file.bytes} bytes)`))}
      {section('nested context', report.manifest.map((entry) => `${entry.isDisclosed ? '●' : '○'} ${terminalSafeName(entry.path)} (for ${terminalSafeName(entry.dir)}/)${entry.isDisclosed ? ' disclosed' : ''}`))}
      {section('discovered', report.discovered.map((file) => `${terminalSafeName(file.path)} — ${terminalSafeName(oneLine(file.reason, MAX_RESULT_SUMMARY_CHARS))}`))}
      {section('reminders', report.reminders.map((reminder) => `${reminder.paths.map(terminalSafeName).join(', ')} (turn ${terminalSafeName(reminder.turnId)})`))}
      <Text>{`tokens: ${tokens.used} used of ${tokens.limit}, ${Math.max(0, tokens.limit - tokens.used)} left; this session ${tokens.sessionInput} in, ${tokens.sessionOutput} out`}</Text>
    </Box>
  );
}
