/**
 * A key-value store over the raw IndexedDB API (no package), with an in-memory twin for tests.
 * Calls are Observables so epics compose them and tests run them in virtual time; each call
 * opens its own transaction and completes when that transaction has committed.
 */
import { Observable, defer, from, of, switchMap } from 'rxjs';

export interface KeyValueStore {
  /** The stored value, or undefined when there is none. */
  readonly get: (key: string) => Observable<unknown>;
  readonly put: (key: string, value: unknown) => Observable<void>;
  readonly remove: (key: string) => Observable<void>;
}

export const ATELIER_DB = 'atelier';
export const KV_STORE = 'kv';
const DB_VERSION = 1;

const requestToObservable = <T>(open: () => IDBRequest<T>): Observable<T> =>
  new Observable<T>((subscriber) => {
    let request: IDBRequest<T>;
    try {
      request = open();
    } catch (err) {
      subscriber.error(err);
      return;
    }
    request.onsuccess = () => {
      subscriber.next(request.result);
      subscriber.complete();
    };
    request.onerror = () => subscriber.error(request.error ?? new Error('IndexedDB request failed'));
  });

const openDatabase = (factory: IDBFactory, name: string): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = factory.open(name, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(KV_STORE)) request.result.createObjectStore(KV_STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB open blocked by another tab'));
  });

const transactionDone = (tx: IDBTransaction): Observable<void> =>
  new Observable<void>((subscriber) => {
    tx.oncomplete = () => {
      subscriber.next();
      subscriber.complete();
    };
    tx.onerror = () => subscriber.error(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => subscriber.error(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

export const indexedDbStore = (factory: IDBFactory, name: string = ATELIER_DB): KeyValueStore => {
  let db: Promise<IDBDatabase> | null = null;
  const database = (): Observable<IDBDatabase> =>
    defer(() => {
      db ??= openDatabase(factory, name).catch((err: unknown) => {
        db = null; // let a later call try again
        throw err;
      });
      return from(db);
    });
  const write = (run: (store: IDBObjectStore) => void): Observable<void> =>
    database().pipe(
      switchMap((d) => {
        const tx = d.transaction(KV_STORE, 'readwrite');
        const done = transactionDone(tx);
        run(tx.objectStore(KV_STORE));
        return done;
      }),
    );
  return {
    get: (key) =>
      database().pipe(
        switchMap((d) =>
          requestToObservable(() => d.transaction(KV_STORE, 'readonly').objectStore(KV_STORE).get(key)),
        ),
      ),
    put: (key, value) => write((store) => store.put(value, key)),
    remove: (key) => write((store) => store.delete(key)),
  };
};

/** Values are cloned through JSON on the way in, as IndexedDB's structured clone would copy them. */
export const memoryKeyValueStore = (initial: Readonly<Record<string, unknown>> = {}) => {
  const map = new Map<string, string>(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
  const store: KeyValueStore & { readonly snapshot: () => Record<string, unknown> } = {
    get: (key) => defer(() => of(map.has(key) ? (JSON.parse(map.get(key) as string) as unknown) : undefined)),
    put: (key, value) => defer(() => of(void map.set(key, JSON.stringify(value)))),
    remove: (key) => defer(() => of(void map.delete(key))),
    snapshot: () => Object.fromEntries([...map].map(([k, v]) => [k, JSON.parse(v) as unknown])),
  };
  return store;
};
