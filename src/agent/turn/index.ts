/**
 * One turn of the agent: the tool-use loop, then the change settled by the
 * mode. `run` is one turn; the session engine runs one per message.
 */
export { runTurn, withTurnCommandChanges } from './run-turn.js';
export type { RunTurnOptions, TurnResult } from './run-turn.js';
export { settleChange } from './settle-change.js';
export type { SettleChangeOptions, SettledChange } from './settle-change.js';
export { validationCommandsOf } from './validation-commands-of.js';
