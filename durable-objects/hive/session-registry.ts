// The sessions started in a hive, newest first, kept in the Hive's key-value
// storage (no SQL schema to migrate). Written by the gateway when it creates or
// forks a session; read by the dashboard's session list and the metrics routes.
import { z } from "zod";
import { err, ok, type Result } from "../../shared/base/result.ts";

export const SessionEntrySchema = z.object({
  id: z.string().min(1).max(128),
  mission: z.string().max(100_000),
  createdAt: z.number().int().min(0),
  forkOf: z.string().max(128).optional(),
});
export type SessionEntry = z.infer<typeof SessionEntrySchema>;

export interface SessionPage {
  sessions: SessionEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: string | null;
}

const PREFIX = "lethe.session/";
/** Mission text kept for the list; the full mission stays in the session. */
const MISSION_PREVIEW_CHARS = 500;

function keyOf(entry: SessionEntry): string {
  return `${PREFIX}${String(entry.createdAt).padStart(15, "0")}/${entry.id}`;
}

/** Records a session entry, refused as INVALID_REQUEST when it is not one. */
export async function registerSession(
  storage: DurableObjectStorage,
  entry: unknown,
): Promise<Result<null, "INVALID_REQUEST">> {
  const parsed = SessionEntrySchema.safeParse(entry);
  if (!parsed.success) {
    return err("INVALID_REQUEST", "not a session entry", "send {id, mission, createdAt, forkOf?}");
  }
  await storage.put(keyOf(parsed.data), {
    ...parsed.data,
    mission: parsed.data.mission.slice(0, MISSION_PREVIEW_CHARS),
  });
  return ok(null);
}

export async function listSessions(
  storage: DurableObjectStorage,
  limit: number,
  before?: string,
): Promise<SessionPage> {
  const rows = await storage.list<SessionEntry>({
    prefix: PREFIX,
    reverse: true,
    limit: limit + 1,
    ...(before === undefined ? {} : { end: before }),
  });
  const entries = [...rows];
  const page = entries.slice(0, limit);
  return {
    sessions: page.map(([, v]) => v),
    next: entries.length > limit ? (page.at(-1)?.[0] ?? null) : null,
  };
}
