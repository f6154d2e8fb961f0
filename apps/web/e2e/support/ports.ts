/** The app's server; `E2E_PORT` moves it (and the second server) when 3100 is taken. */
export const appPort = Number(process.env.E2E_PORT ?? 3100);
/** The second server, with self-registration and local login off. */
export const lockedDownPort = appPort + 1;
export const lockedDownUrl = `http://localhost:${lockedDownPort}`;
/**
 * The third server, serving the web app built for the code flow (`npm run build:code-flow`, into
 * dist-code-flow): VITE_OAUTH_FLOW is read at build time, so that flow needs its own build.
 */
export const codeFlowPort = appPort + 2;
export const codeFlowUrl = `http://localhost:${codeFlowPort}`;
/** The account specs' in-process SMTP server; both servers send their mail here. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
