import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { loadFeatureCatalog, type LocaleCatalogs } from './i18n';

export type PreloadableScreen<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts the screen's chunk and its catalog; a route loader calls it first, beside its own fetches. */
  preload: () => void;
};

/**
 * A screen loaded on first use whose route loader can start it early: the chunk, the feature's own
 * catalog (useFeatureCatalog renders nothing until it is in) and the loader's data then arrive side by
 * side, instead of chunk, then render, then catalog (that chain cost 角色管理 ~300 ms to open).
 * A failed chunk load is forgotten, so the next navigation tries again.
 */
export function lazyScreen<P>(load: () => Promise<ComponentType<P>>, catalog?: LocaleCatalogs): PreloadableScreen<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    if (catalog) void loadFeatureCatalog(catalog).catch(() => undefined);
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Screen = lazy(async () => ({ default: await start() })) as PreloadableScreen<P>;
  Screen.preload = () => void start().catch(() => undefined);
  return Screen;
}
