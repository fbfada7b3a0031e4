export interface Layer {
  name: string;
  dir: string;
  may: string[];
  isolatedSubfolders?: boolean;
}
export declare const LAYERS: Layer[];
export declare const NODE_ONLY_IN_ADAPTERS: string[];
/** The extensions of source files under src/. */
export declare const SOURCE_EXTENSIONS: string[];
