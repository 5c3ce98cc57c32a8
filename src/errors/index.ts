export {
  ConfigError,
  type ConfigIssue,
  formatIssue,
  formatLocation,
  type SourceLocation,
} from './ConfigError.ts';
export { JournalError, JournalLeaseHeldError } from './JournalError.ts';
export { isPerpflowError, PerpflowError } from './PerpflowError.ts';
export { StartupError } from './StartupError.ts';
export { StrategyError } from './StrategyError.ts';
export {
  AuthError,
  OutcomeUnknownError,
  PermissionError,
  TransientVenueError,
  VenueProtocolError,
  VenueRejectedError,
} from './venueErrors.ts';
