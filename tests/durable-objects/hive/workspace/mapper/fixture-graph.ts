// Builds the code graph of a fixture repository with the Node mapper (test helper).
import { CodeGraph } from "../../../../../durable-objects/hive/workspace/mapper/graph.ts";
import { nodeMapper } from "../../../../../harness/node-mapper.ts";
import type { FileMap } from "../../../../../shared/workspace/symbols.ts";
import type { Repo } from "../../../../fixtures/repos/index.ts";

export async function mapRepo(repo: Repo): Promise<{ graph: CodeGraph; maps: FileMap[] }> {
  const mapper = await nodeMapper();
  const maps: FileMap[] = [];
  for (const [path, source] of Object.entries(repo)) {
    const mapped = mapper.map(path, source);
    if (mapped.ok) {
      maps.push(mapped.value);
    }
  }
  return { graph: new CodeGraph(maps, Object.keys(repo)), maps };
}
