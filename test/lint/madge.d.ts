/** The part of madge's API the structure test uses (madge ships no types). */
declare module 'madge' {
  interface MadgeResult {
    /** Each file (relative to baseDir) with the files it imports. */
    obj(): Record<string, string[]>;
    /** Each circle of files, as the files in it. */
    circular(): string[][];
  }
  interface MadgeOptions {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
  }
  export default function madge(paths: string | string[], options?: MadgeOptions): Promise<MadgeResult>;
}
