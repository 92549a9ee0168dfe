import { useEffect, useMemo } from 'react';
import { configDirsOf } from '../model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';

/** The config directories records can be written into, fetched if no view has yet. */
export function useConfigDirs(): string[] {
  const directories = useMediaStore(mediaSelectors.directories);
  const { loadDirectories } = useMediaStore(mediaSelectors.actions);
  useEffect(() => {
    if (directories.status === 'idle') void loadDirectories();
  }, [directories.status, loadDirectories]);
  return useMemo(() => configDirsOf(directories.value), [directories.value]);
}
