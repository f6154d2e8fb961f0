/**
 * Every Playwright worker has servers of its own, so that specs running side by side never share
 * data, settings or the SMTP port. A worker's slot is its `TEST_PARALLEL_INDEX` (kept by the
 * worker that replaces one after a failure); the runner itself, which starts the servers, is
 * slot 0 and asks for the others by number (playwright.config.ts).
 */
export const workerSlots = Number(process.env.E2E_WORKERS ?? 2);

/** The first slot's app server; `E2E_PORT` moves all of them when 3100 is taken. */
const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
/** A slot's servers sit on three consecutive ports. */
const portsPerSlot = 3;

export function slotPorts(slot: number) {
  const app = basePort + slot * portsPerSlot;
  return {
    /** The app's server. */
    app,
    /** The second server, with self-registration and local login off. */
    lockedDown: app + 1,
    /**
     * The third server, serving the web app built for the code flow (`npm run build:code-flow`,
     * into dist-code-flow): VITE_OAUTH_FLOW is read at build time, so that flow needs its own build.
     */
    codeFlow: app + 2,
    /** The account specs' in-process SMTP server; the slot's servers send their mail here. */
    smtp: baseSmtpPort + slot,
  };
}

const own = slotPorts(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const appPort = own.app;
export const lockedDownPort = own.lockedDown;
export const lockedDownUrl = `http://localhost:${lockedDownPort}`;
export const codeFlowPort = own.codeFlow;
export const codeFlowUrl = `http://localhost:${codeFlowPort}`;
export const smtpPort = own.smtp;
