import { existsSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The sources import `./module` and `./folder` as the bundler resolves them: `.ts`, then `index.ts`. */
export async function resolve(specifier, context, nextResolve) {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && context.parentURL?.startsWith('file:')) {
    const path = fileURLToPath(new URL(specifier, context.parentURL));
    if (!existsSync(path) || statSync(path).isDirectory()) {
      for (const candidate of [`${path}.ts`, `${path}/index.ts`]) {
        if (existsSync(candidate)) return nextResolve(pathToFileURL(candidate).href, context);
      }
    }
  }
  return nextResolve(specifier, context);
}
