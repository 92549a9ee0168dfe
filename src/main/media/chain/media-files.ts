import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const TEMP_SUFFIX = '.part';

/** Unique ids become file names: anything but letters, digits, `-` and `_` is replaced. */
function safeStem(uniqueId: string): string {
  return uniqueId.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The bytes of described media, one file per unique id in the state directory's `media/`
 * folder. A file is written to a temporary name and renamed, so a crash never leaves half a
 * file under a real name; the description row is written after, so a row never names a missing
 * file. Names are made here from the id and the sniffed extension: nothing from outside can
 * point a read elsewhere.
 */
export class MediaFiles {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Removes temporary files a crash left behind. */
  async sweep(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const names = await readdir(this.dir);
    await Promise.all(
      names
        .filter((name) => name.endsWith(TEMP_SUFFIX))
        .map((name) => rm(join(this.dir, name), { force: true })),
    );
  }

  /** Writes the file and returns its name. */
  async write(uniqueId: string, extension: string, bytes: Uint8Array): Promise<string> {
    const name = `${safeStem(uniqueId)}${extension.startsWith('.') ? extension : `.${extension}`}`;
    const temp = join(this.dir, `${name}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
    await mkdir(this.dir, { recursive: true });
    await writeFile(temp, bytes);
    await rename(temp, join(this.dir, name));
    return name;
  }

  /** The file's bytes; null when it is not there. */
  async read(fileName: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.path(fileName));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(fileName: string): Promise<void> {
    await rm(this.path(fileName), { force: true });
  }

  /** The absolute path of a stored file; a name with a directory part is refused. */
  path(fileName: string): string {
    if (fileName === '' || /[/\\]/.test(fileName) || fileName.startsWith('.')) {
      throw new Error(`"${fileName}" is not a media file name.`);
    }
    return join(this.dir, fileName);
  }
}
