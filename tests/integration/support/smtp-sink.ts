/** A real SMTP server on loopback (the smtp-server package) that keeps what it receives. */
import { SMTPServer } from "smtp-server";
import { createArrivals } from "./arrivals.ts";
import { type ParsedMail, parseMail } from "./mime.ts";

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  mail: ParsedMail;
};

export type SmtpSink = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages refused by `refuseMessage` so far. */
  refused(): number;
  /** Mails whose X-Contact-Request-Id is `id`. */
  forRequest(id: string): ReceivedMail[];
  /** Mails to the visitor (booking/visitor-emails.ts) whose key starts with `prefix`. */
  visitorMail(prefix: string): ReceivedMail[];
  waitForVisitorMail(prefix: string, timeoutMs?: number): Promise<ReceivedMail>;
  waitForRequest(id: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The first mail that matches, by what it is (recipient, subject), whenever it came. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves once `condition` holds, checked at each mail received or refused. */
  until(condition: () => boolean, timeoutMs: number, what: string): Promise<void>;
  /** Calls `listener` at each mail received or refused, until the returned function is called. */
  onArrival(listener: () => void): () => void;
  stop(): Promise<void>;
};

export type SmtpSinkOptions = {
  /** Refuse a recipient with this SMTP code (e.g. 550 refused for good, 450 try later). */
  refuseRecipient?: (address: string) => number | null;
  /** Refuse a whole message after its data with this SMTP code (a provider's content filter). */
  refuseMessage?: (raw: string) => number | null;
};

export async function startSmtpSink(port = 0, options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const arrivals = createArrivals();
  const listeners = new Set<() => void>();
  const arrived = () => {
    arrivals.arrived();
    for (const listener of [...listeners]) listener();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const code = options.refuseRecipient?.(address.address) ?? null;
      if (code === null) return callback();
      const error = Object.assign(new Error(`refused ${address.address}`), { responseCode: code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const refusal = options.refuseMessage?.(raw) ?? null;
        if (refusal !== null) {
          refused += 1;
          callback(
            Object.assign(new Error("message refused by policy"), { responseCode: refusal }),
          );
          arrived();
          return;
        }
        const from = session.envelope.mailFrom;
        parseMail(raw).then(
          (mail) => {
            received.push({
              envelopeFrom: from ? from.address : "",
              envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
              raw,
              mail,
            });
            callback();
            arrived();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client that vanishes mid-session (a server killed with SIGKILL) resets its connection:
  // that is the client's problem, not a reason to crash the test process.
  server.on("error", () => {});
  const listening = server.listen(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    listening.once("listening", () => resolve());
    listening.once("error", reject);
  });
  const address = listening.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  const forRequest = (id: string) =>
    received.filter((item) => item.mail.header("x-contact-request-id") === id);

  const visitorMail = (prefix: string) =>
    received.filter((item) => (item.mail.header("x-visitor-mail-key") ?? "").startsWith(prefix));

  return {
    port: actualPort,
    visitorMail,
    async waitForVisitorMail(prefix, timeoutMs = 15_000) {
      await arrivals.until(
        () => visitorMail(prefix).length > 0,
        timeoutMs,
        `a visitor e-mail ${prefix}…`,
      );
      return visitorMail(prefix)[0] as ReceivedMail;
    },
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    refused: () => refused,
    forRequest,
    async waitForRequest(id, timeoutMs = 10_000) {
      await arrivals.until(
        () => forRequest(id).length > 0,
        timeoutMs,
        `an e-mail for request ${id}`,
      );
      return forRequest(id)[0] as ReceivedMail;
    },
    async waitFor(match, timeoutMs = 15_000) {
      await arrivals.until(() => received.some(match), timeoutMs, "a matching e-mail");
      return received.find(match) as ReceivedMail;
    },
    until: (condition, timeoutMs, what) => arrivals.until(condition, timeoutMs, what),
    onArrival(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received mail as the contract cases read it (contract-cases.ts's DeliveredMail). */
export function delivered(received: ReceivedMail) {
  return {
    to: received.envelopeTo,
    replyTo: received.mail.header("reply-to") ?? "",
    subject: received.mail.header("subject") ?? "",
    text: received.mail.text,
    html: received.mail.html,
    headerNames: [...received.mail.headers.keys()],
  };
}

/** Every mail delivered to `address` so far, in order. */
export function mailsTo(sink: SmtpSink, address: string) {
  return sink.received
    .filter((mail) => mail.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase()))
    .map(delivered);
}
