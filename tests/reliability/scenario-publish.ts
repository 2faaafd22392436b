/**
 * Pages during a publish: a steady stream of keep-alive GETs over the 18 prerendered paths while
 * the owner publishes a new main phone through the editor's form and the server renders the site
 * again and switches to it. Invariants: every answer is 200 (404 for /404 only), a whole document
 * (ends with </html>, the popup's fragment with </dialog>; as long as its Content-Length says), and either all-old or all-new: no page
 * shows both phones, and once a page showed the new phone no later answer shows the old one.
 *
 * A loader of its own rather than autocannon: autocannon hands a body over as a string joined from
 * socket chunks, which cannot be measured against Content-Length byte for byte; here each body is
 * the bytes received. Bounded in count and in time, loopback only.
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import {
  createLinkSigners,
  parseLinkSettings,
} from "../../functions/send-contact-email/links/links-settings.ts";
import { siteSubject } from "../../functions/send-contact-email/site-editor/site-editor-routes.ts";
import { createArrivals } from "../integration/support/arrivals.ts";
import { projectRoot } from "../integration/support/processes.ts";
import { documentEnd, everyPath, expectedStatus, phoneIn } from "../support/site-pages.ts";
import { functionPath, type Harness } from "./harness.ts";
import { check, type ScenarioResult } from "./report.ts";

export type PublishLoadOptions = {
  connections: number;
  /** The stream stops after this many requests, whatever happens. */
  maxRequests: number;
  /** Requests go on this long after the switch, to see no answer goes back to the old site. */
  afterSwitchMs: number;
  /** The whole run stops after this long, whatever happens. */
  maxSeconds: number;
};

export const publishLoadDefaults: PublishLoadOptions = {
  connections: 8,
  maxRequests: 60_000,
  afterSwitchMs: 2000,
  maxSeconds: 150,
};

const ownerSecret = "bench-server-owner-link-secret-0123456789";
const oldPhone = "(484) 555-0142";
const newPhone = "(484) 555-0177";

type Answer = {
  path: string;
  status: number;
  whole: boolean;
  phones: "old" | "new" | "both" | "none";
  /** When it was sent and when its last byte came (performance.now()). */
  start: number;
  at: number;
  ms: number;
};

function get(agent: Agent, origin: URL, path: string): Promise<Omit<Answer, "path">> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: origin.hostname,
        port: origin.port,
        path,
        agent,
        headers: { connection: "keep-alive" },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const html = body.toString("utf8");
          const length = Number(response.headers["content-length"]);
          const whole = html.trimEnd().endsWith(documentEnd(path)) && length === body.length;
          const hasOld = phoneIn(html, oldPhone).any;
          const hasNew = phoneIn(html, newPhone).any;
          const phones = hasOld && hasNew ? "both" : hasOld ? "old" : hasNew ? "new" : "none";
          const at = performance.now();
          resolve({
            status: response.statusCode ?? 0,
            whole,
            phones,
            start: started,
            at,
            ms: at - started,
          });
        });
      },
    );
    sent.setTimeout(30_000, () => sent.destroy(new Error("no answer in 30 s")));
    sent.on("error", reject);
    sent.end();
  });
}

/** The contact group's form as the owner's browser posts it, with a new main phone. */
function contactForm(phone: string): string {
  const read = (name: string) =>
    JSON.parse(readFileSync(join(projectRoot, "content", `${name}.json`), "utf8"));
  const contact = read("contact");
  const business = read("business");
  return new URLSearchParams({
    "contact.phone": phone,
    "business.offerPhone": business.offerPhone,
    "contact.email": contact.email,
    "contact.responseTime": contact.responseTime,
  }).toString();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export async function publishLoadScenario(
  h: Harness,
  options: PublishLoadOptions = publishLoadDefaults,
): Promise<ScenarioResult> {
  const server = await h.startServer({
    dataDir: h.dataDir("publish"),
    env: {
      RATE_LIMIT_DISABLED: "true",
      OWNER_LINK_SECRET: ownerSecret,
      CONTENT_CHECK_MS: "250",
      // The built site in place: a version's pages are made from the build folder around it.
      STATIC_DIR: join(projectRoot, "build", "client"),
    },
  });
  const origin = new URL(server.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const answers: Answer[] = [];
  const failures: string[] = [];
  const startedAt = performance.now();
  let stop = false;
  let sent = 0;
  // The run's progress, waited on as answers come: the load before the publish, the switch.
  const progress = createArrivals();
  let streaming = true;
  let firstNewAt = Number.NaN;
  const deadline = setTimeout(() => {
    stop = true;
    progress.arrived();
  }, options.maxSeconds * 1000);

  const worker = async (offset: number) => {
    for (let index = offset; !stop && sent < options.maxRequests; index += options.connections) {
      const path = everyPath[index % everyPath.length] as string;
      sent += 1;
      try {
        const answer = { path, ...(await get(agent, origin, path)) };
        answers.push(answer);
        if (answer.phones === "new" && Number.isNaN(firstNewAt)) firstNewAt = answer.at;
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
      progress.arrived();
    }
  };
  const stream = Promise.all(
    Array.from({ length: options.connections }, (_, offset) => worker(offset)),
  ).finally(() => {
    streaming = false;
    progress.arrived();
  });
  const untilOver = (condition: () => boolean, what: string) =>
    progress
      .until(() => stop || !streaming || condition(), options.maxSeconds * 1000 + 5000, what)
      .catch(() => {});

  // A moment of load before the publish, so the switch happens under it.
  await untilOver(() => answers.length >= options.connections * 4, "load before the publish");
  const token = await createLinkSigners(parseLinkSettings({}, ownerSecret)).site.sign(
    siteSubject,
    new Date(),
  );
  const publishAt = performance.now();
  const published = await fetch(
    `${server.url}${functionPath}/site/contact?token=${encodeURIComponent(token)}`,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: contactForm(newPhone),
      redirect: "manual",
    },
  );
  const publishStatus = published.status;
  await published.arrayBuffer();

  // The switch: the first answer of a page with the new phone; then a little more load.
  await untilOver(() => !Number.isNaN(firstNewAt), "a page with the new phone");
  const switchedAt = firstNewAt;
  // Kept: the load goes on for a set time after the switch (no answer may go back to the old
  // site); that time is the scenario's, there is no event for an old page that never comes.
  if (!stop && streaming && !Number.isNaN(switchedAt))
    await new Promise((resolve) => setTimeout(resolve, options.afterSwitchMs));
  stop = true;
  clearTimeout(deadline);
  await stream;
  agent.destroy();
  await server.stop();

  const badStatus = answers.filter((answer) => answer.status !== expectedStatus(answer.path));
  const broken = answers.filter((answer) => !answer.whole);
  const mixed = answers.filter((answer) => answer.phones === "both");
  // Once any page came new, no request sent after that gets the old site: the switch is one way.
  const back = answers.filter((answer) => answer.phones === "old" && answer.start > switchedAt);
  const during = answers
    .filter((answer) => answer.at >= publishAt && answer.at <= switchedAt + options.afterSwitchMs)
    .map((answer) => answer.ms)
    .sort((a, b) => a - b);
  const all = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const seconds = (performance.now() - startedAt) / 1000;
  const newAnswers = answers.filter((answer) => answer.phones === "new").length;
  const oldAnswers = answers.filter((answer) => answer.phones === "old").length;
  return {
    id: 11,
    title: "Pages during a publish: every answer whole, all-old or all-new",
    seconds,
    figures: [
      ["paths / connections", `${everyPath.length} / ${options.connections}`],
      ["requests answered / connection errors", `${answers.length} / ${failures.length}`],
      [
        "answers with the old phone / the new / neither",
        `${oldAnswers} / ${newAnswers} / ${answers.length - oldAnswers - newAnswers}`,
      ],
      [
        "editor's Publish answered (status, s)",
        `${publishStatus}, ${((performance.now() - publishAt) / 1000).toFixed(1)}`,
      ],
      [
        "Publish to the first new page (s)",
        Number.isNaN(switchedAt) ? "never" : ((switchedAt - publishAt) / 1000).toFixed(1),
      ],
      ["requests during the publish and switch", String(during.length)],
      [
        "latency p50 / p99 / max during the publish (ms)",
        `${percentile(during, 50).toFixed(0)} / ${percentile(during, 99).toFixed(0)} / ${(during.at(-1) ?? Number.NaN).toFixed(0)}`,
      ],
      [
        "latency p50 / p99 over the run (ms)",
        `${percentile(all, 50).toFixed(0)} / ${percentile(all, 99).toFixed(0)}`,
      ],
    ],
    checks: [
      check("the site switched to the new version", !Number.isNaN(switchedAt)),
      check(
        "every answer 200 (404 for /404 only), no connection error",
        answers.length > 0 && badStatus.length === 0 && failures.length === 0,
        `${answers.length - badStatus.length} of ${answers.length}; ${failures.slice(0, 3).join("; ")}${badStatus
          .slice(0, 3)
          .map((answer) => `${answer.path} ${answer.status}`)
          .join("; ")}`,
      ),
      check(
        "every answer a whole document (its last tag, its Content-Length)",
        broken.length === 0,
        `${broken.length} not whole${broken[0] ? `, e.g. ${broken[0].path}` : ""}`,
      ),
      check("no page shows both phones", mixed.length === 0, `${mixed.length} mixed`),
      check(
        "no page goes back to the old phone once new",
        back.length === 0,
        `${back.length} old answers after new ones`,
      ),
    ],
  };
}
