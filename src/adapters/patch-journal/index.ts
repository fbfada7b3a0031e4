/**
 * The patch journal on disk, under the user's state directory (never inside
 * a repository): what `brass-agent rollback --last` restores from.
 */
export { journalDirectory } from './journal-directory.js';
export { JOURNAL_RETENTION_MS, MAX_JOURNAL_ENTRY_BYTES, createFileJournal } from './file-journal.js';
export type { FileJournal, FileJournalOptions } from './file-journal.js';
