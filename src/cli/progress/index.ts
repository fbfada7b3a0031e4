export { createProgress, formatSeconds, PLAIN_HEARTBEAT_MS, PLAIN_UPDATE_MS, SLOW_STEP_MS } from './create-progress.js';
export type { BeginOptions, Progress, ProgressMode, ProgressStep, ProgressStream } from './create-progress.js';
export { openProgress, outputAround, progressModeOf } from './progress-mode.js';
export { reportCountProgress, reportDiscoveryProgress } from './report-discovery-progress.js';
