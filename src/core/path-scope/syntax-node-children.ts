import type { ShellSyntaxNode } from './shell-syntax.js';

/** A node's named children (comments left out). */
export function namedChildren(node: ShellSyntaxNode): ShellSyntaxNode[] {
  return node.children.filter((child) => child.isNamed && child.type !== 'comment');
}

/** A node's children in one field (`argument`, `redirect`, `body`, ...). */
export function withField(node: ShellSyntaxNode, field: string): ShellSyntaxNode[] {
  return node.children.filter((child) => child.field === field);
}
