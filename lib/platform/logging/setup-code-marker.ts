/**
 * The marker a person or script looks for in the log before the first-run setup code (part 2
 * "Authentication"). Telemetry keeps every line that starts with it out of exported logs.
 */
export const setupCodeLogMarker = 'SVC SETUP CODE:';
