// Textures made once and shared: each is counted while something shows it; of those nothing
// shows, the least recently used are destroyed once more than `spare` are kept.

interface Destroyable {
  destroy(destroySource?: boolean): void;
}

interface Entry<T> {
  key: string;
  texture: T;
  users: number;
}

export class TextureShelf<T extends Destroyable> {
  /** In order of last use, oldest first. */
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byTexture = new Map<T, Entry<T>>();

  constructor(private readonly spare: number) {}

  /** The texture kept under `key`, made by `make` the first time; hand it back with `release`. */
  take(key: string, make: () => T): T {
    let e = this.entries.get(key);
    if (e) this.entries.delete(key);
    else {
      e = { key, texture: make(), users: 0 };
      this.byTexture.set(e.texture, e);
    }
    e.users++;
    this.entries.set(key, e);
    this.evict();
    return e.texture;
  }

  release(texture: T): void {
    const e = this.byTexture.get(texture);
    if (e && e.users > 0) e.users--;
    this.evict();
  }

  /** Textures kept now, and of those how many nothing shows. */
  get counts(): { held: number; spare: number } {
    let spare = 0;
    for (const e of this.entries.values()) if (e.users === 0) spare++;
    return { held: this.entries.size, spare };
  }

  private evict(): void {
    let spare = this.counts.spare;
    for (const e of this.entries.values()) {
      if (spare <= this.spare) return;
      if (e.users > 0) continue;
      this.entries.delete(e.key);
      this.byTexture.delete(e.texture);
      e.texture.destroy(true);
      spare--;
    }
  }
}
