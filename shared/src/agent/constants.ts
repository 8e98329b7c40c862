/** Fixed numbers of the workstation agent's wire contract, shared by the agent, the extension and the web app. */
export const AGENT_NAME = 'rxpacs-agent';
export const AGENT_DEFAULT_PORT = 17380;
export const AGENT_HOSTNAME = '127.0.0.1';
/** Largest body of POST /print (a base64 PDF). */
export const AGENT_PRINT_BODY_MAX = 20 * 1024 * 1024;
/** Largest body of POST /keys/signReport (a report document of up to 400,000 characters, as JSON). */
export const AGENT_SIGN_REPORT_BODY_MAX = 2 * 1024 * 1024;
/** Largest body of every other POST. */
export const AGENT_BODY_MAX = 256 * 1024;
export const CHALLENGE_MIN_LENGTH = 44;
export const CHALLENGE_MAX_LENGTH = 128;
export const CHALLENGE_MIN_BYTES = 32;
export const DICOM_UID_MAX = 64;
export const PIN_MIN = 4;
export const PIN_MAX = 64;
export const PRINT_COPIES_MAX = 99;
export const SPEAK_TIMES_MAX = 10;
export const SPEAK_TEXT_MAX = 500;
export const SPEAK_DEFAULT_RATE = 0.6;
/** The agent pings WebSocket peers this often and drops those that did not answer the previous ping. */
export const AGENT_WS_PING_MS = 15_000;
