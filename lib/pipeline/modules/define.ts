// What an analysis module is (`defineModule`, in each folder's module.ts), and the registry every
// list of modules is derived from (names, labels, lane order, defaults, dependencies, colours). No
// imports but lib/core's and no server code: the pages read the same registry as the pipeline. A
// module's run function lives in its folder's run.ts, on the server side only (see ./runs.generated.ts).
import type { ModelCapability } from "@/lib/core/capabilities";
import type { ModuleName } from "./names.generated";

/** Full Tailwind class strings (Tailwind only sees literal class names). */
export interface ModuleColour {
  /** Timeline blocks; they carry white labels, so at least 4.5:1 against white (WCAG AA). */
  readonly block: string;
  /** Legends and filters. */
  readonly dot: string;
  /** The ring of the block under the playhead. */
  readonly active: string;
}

/**
 * Everything about a module except its run function: one per folder, in `<folder>/module.ts`.
 * `N` is its name; `Dep` the names it may depend on (those of the registry, for `defineModule`).
 */
export interface ModuleDefinition<N extends string = string, Dep extends string = string> {
  /** The API's word (request bodies, segment rows, URLs): its folder's name, `_` for `-`. */
  readonly name: N;
  /** What people read: the pages, notifications and reports. */
  readonly label: string;
  /** One line on the module picker and the results page. */
  readonly description: string;
  /** Its place in the API's list of modules (request validation, the OpenAPI enum, results): lowest first. */
  readonly apiOrder: number;
  /** Position of its lane on the timeline and in lists (structure, then what is said and seen, then summaries). */
  readonly lane: number;
  /** Selected when a person or a request does not choose. */
  readonly onByDefault: boolean;
  /** Modules whose results this one reads; the pipeline runs them first. */
  readonly dependsOn: readonly Dep[];
  /** It reads decoded frames: its step waits for the decode pass (false: it starts beside it). */
  readonly readsFrames: boolean;
  /** It digests whatever else ran: its step waits for every other module of the run. */
  readonly readsEveryResult?: boolean;
  /** Its words describe the picture ("dark", "high motion"): chat searches them for questions about what is seen. */
  readonly describesPicture?: boolean;
  readonly colour: ModuleColour;
  /** What it cannot do on an install without the model it would use: said once, in the module picker. */
  readonly withoutModel?: WithoutModel;
}

/** A model-backed capability a module uses where one is configured. */
export type { ModelCapability };

export interface WithoutModel {
  readonly needs: ModelCapability;
  /** One sentence for people, shown under the module's description when the capability is missing. */
  readonly note: string;
  /** It would find nothing without the model: off by default there. */
  readonly findsNothing?: boolean;
}

/**
 * A module's definition, as its folder's module.ts exports it. A missing or misspelt field, or a
 * `dependsOn` naming no module of the registry, is one error here; the registry built from the
 * definitions keeps its types either way (they are declared here, not inferred from the object).
 */
export function defineModule<const N extends string>(definition: ModuleDefinition<N, ModuleName>): ModuleDefinition<N, ModuleName> {
  return definition;
}

const FALLBACK_COLOUR: ModuleColour = { block: "bg-zinc-600 hover:bg-zinc-700", dot: "bg-zinc-500", active: "ring-zinc-900" };

/** Each definition may depend only on modules of the same registry: a typo fails typecheck. */
type WithKnownDependencies<D extends readonly ModuleDefinition[]> = {
  readonly [K in keyof D]: D[K] & { readonly dependsOn: readonly D[number]["name"][] };
};

/**
 * The registry of a list of module definitions, in the order the API lists them. Definitions may
 * carry more (the server's registry adds `run`); `get` gives them back as given.
 */
export function createModuleRegistry<const D extends readonly ModuleDefinition[]>(definitions: WithKnownDependencies<D>) {
  type Name = D[number]["name"];
  type Definition = D[number];
  const list = definitions as unknown as readonly Definition[];
  const byName = new Map<string, Definition>(list.map((d) => [d.name, d]));
  if (byName.size !== list.length) throw new Error("Two analysis modules share a name");
  for (const d of list) {
    const unknown = d.dependsOn.find((x) => !byName.has(x));
    if (unknown) throw new Error(`Module ${d.name} depends on unknown module ${unknown}`);
  }

  const names = list.map((d) => d.name) as unknown as readonly [Name, ...Name[]];
  const laneOrder: readonly Name[] = [...list].sort((a, b) => a.lane - b.lane).map((d) => d.name);
  const isName = (x: string): x is Name => byName.has(x);
  const get = <N extends Name>(name: N) => byName.get(name) as Extract<Definition, { name: N }>;

  return {
    definitions: list,
    /** The API's list of modules (request validation, OpenAPI enum, result grouping). */
    names,
    isName,
    get,
    defaults: names.filter((n) => byName.get(n)!.onByDefault),
    dependencies: Object.fromEntries(list.map((d) => [d.name, [...d.dependsOn]])) as Record<Name, Name[]>,
    /** Modules whose step waits for the decode pass. */
    readsFrames: (name: Name): boolean => byName.get(name)!.readsFrames,
    /** Modules whose step waits for every other module of the run. */
    readsEveryResult: (name: Name): boolean => !!byName.get(name)!.readsEveryResult,
    /** Modules whose words describe the picture. */
    pictureModules: names.filter((n) => byName.get(n)!.describesPicture) as Name[],
    descriptions: Object.fromEntries(list.map((d) => [d.name, d.description])) as Record<Name, string>,
    /** The modules selected when nobody chooses, on an install with (true) or without each capability. */
    defaultsWith(has: (capability: ModelCapability) => boolean): Name[] {
      return names.filter((n) => {
        const d = byName.get(n)!;
        return d.onByDefault && !(d.withoutModel?.findsNothing && !has(d.withoutModel.needs));
      });
    },
    /** What a module cannot do without a missing capability, or null. */
    withoutModelNote(module: string, has: (capability: ModelCapability) => boolean): string | null {
      const w = byName.get(module)?.withoutModel;
      return w && !has(w.needs) ? w.note : null;
    },
    laneOrder,

    /** A name people read; an unknown module (say, from an older run) gets its word capitalised. */
    label(module: string): string {
      return byName.get(module)?.label ?? module.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
    },

    colour(module: string): ModuleColour {
      return byName.get(module)?.colour ?? FALLBACK_COLOUR;
    },

    /** Distinct modules in lane order; unknown ones last, alphabetically. */
    sortByLane(modules: Iterable<string>): string[] {
      const rank = (m: string) => {
        const i = (laneOrder as readonly string[]).indexOf(m);
        return i < 0 ? laneOrder.length : i;
      };
      return [...new Set(modules)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    },

    /** The selection plus everything it builds on, in an order where prerequisites come first. */
    executionOrder(selected: readonly Name[]): Name[] {
      const order: Name[] = [];
      const visit = (m: Name) => {
        if (order.includes(m)) return;
        for (const d of byName.get(m)!.dependsOn as readonly Name[]) visit(d);
        order.push(m);
      };
      for (const m of names) if (selected.includes(m)) visit(m);
      return order;
    },
  };
}

export type ModuleRegistry = ReturnType<typeof createModuleRegistry>;
