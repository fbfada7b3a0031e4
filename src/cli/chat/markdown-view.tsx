import { Box, Text } from 'ink';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { ReactNode } from 'react';
import { terminalSafeBlock } from './terminal-safe-block.js';

type MarkdownRoot = ReturnType<typeof fromMarkdown>;
/** Any node of the tree below the root (blocks and inline content alike). */
type MarkdownNode = MarkdownRoot['children'][number] | Extract<MarkdownRoot['children'][number], { type: 'paragraph' }>['children'][number];
type ParentNode = Extract<MarkdownNode, { children: unknown }>;

/** Columns a list item's or a block quote's content is indented by. */
const NESTED_INDENT = 2;

/**
 * The model's text rendered as Markdown with Ink elements: headings bold,
 * emphasis italic, strong bold, inline code cyan, fenced code blocks
 * indented and dim, lists with bullets or numbers, links as text and url,
 * block quotes with a bar. Every text value is shown terminal-safe.
 * Cheap enough to re-render on each streamed delta of a turn.
 */
export function MarkdownView({ text }: { text: string }): ReactNode {
  const root = fromMarkdown(text);
  return <Box flexDirection="column">{renderBlocks(root.children)}</Box>;
}

function renderBlocks(nodes: readonly MarkdownNode[]): ReactNode[] {
  return nodes.map((node, index) => (
    <Box key={index} marginTop={index > 0 && node.type !== 'list' ? 1 : 0} flexDirection="column">
      {renderBlock(node)}
    </Box>
  ));
}

function renderBlock(node: MarkdownNode): ReactNode {
  switch (node.type) {
    case 'heading':
      return <Text bold>{renderInlines(node.children)}</Text>;
    case 'paragraph':
      return <Text>{renderInlines(node.children)}</Text>;
    case 'code':
      return (
        <Box paddingLeft={NESTED_INDENT}>
          <Text dimColor>{terminalSafeBlock(node.value)}</Text>
        </Box>
      );
    case 'list':
      return (
        <Box flexDirection="column">
          {node.children.map((item, index) => (
            <Box key={index} flexDirection="row">
              <Text>{node.ordered ? `${(node.start ?? 1) + index}. ` : '• '}</Text>
              <Box flexDirection="column" flexShrink={1}>
                {renderBlocks(item.children)}
              </Box>
            </Box>
          ))}
        </Box>
      );
    case 'blockquote':
      return (
        <Box borderStyle="single" borderTop={false} borderRight={false} borderBottom={false} borderDimColor paddingLeft={1} flexDirection="column">
          {renderBlocks(node.children)}
        </Box>
      );
    case 'thematicBreak':
      return <Text dimColor>───</Text>;
    case 'html':
      return <Text>{terminalSafeBlock(node.value)}</Text>;
    default:
      return <Text>{renderInline(node, 0)}</Text>;
  }
}

function renderInlines(nodes: readonly MarkdownNode[]): ReactNode[] {
  return nodes.map((node, index) => renderInline(node, index));
}

function renderInline(node: MarkdownNode, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return terminalSafeBlock(node.value);
    case 'strong':
      return (
        <Text key={key} bold>
          {renderInlines(node.children)}
        </Text>
      );
    case 'emphasis':
      return (
        <Text key={key} italic>
          {renderInlines(node.children)}
        </Text>
      );
    case 'delete':
      return (
        <Text key={key} strikethrough>
          {renderInlines(node.children)}
        </Text>
      );
    case 'inlineCode':
      return (
        <Text key={key} color="cyan">
          {terminalSafeBlock(node.value)}
        </Text>
      );
    case 'break':
      return '\n';
    case 'link': {
      const label = plainText(node);
      const url = terminalSafeBlock(node.url);
      return (
        <Text key={key}>
          {label === node.url || label === '' ? '' : `${terminalSafeBlock(label)} `}
          <Text color="blue">{label === node.url || label === '' ? url : `(${url})`}</Text>
        </Text>
      );
    }
    case 'image':
      return `[image: ${terminalSafeBlock(node.alt ?? '')}] (${terminalSafeBlock(node.url)})`;
    default:
      if ('value' in node && typeof node.value === 'string') return terminalSafeBlock(node.value);
      if ('children' in node) return <Text key={key}>{renderInlines((node as ParentNode).children as MarkdownNode[])}</Text>;
      return '';
  }
}

/** The text of a node and its children, no formatting. */
function plainText(node: MarkdownNode): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return ((node as ParentNode).children as MarkdownNode[]).map(plainText).join('');
  return '';
}
