package io.informer4j.cache;

import io.informer4j.meta.ObjectAdapter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The informer's cache: objects by key plus indexes, under one read-write lock.
 *
 * <p>Thread-safe. {@link #get} and {@link #list} read a concurrent map without locking; index
 * lookups take the read lock; writes take the write lock, so an index never disagrees with the
 * objects it points to. Writes come from one informer; readers are any thread.
 *
 * <p>An index function that throws leaves that object out of that index only; the first error of
 * each index is logged at WARN, later ones at DEBUG, and all are counted ({@link #indexErrors()}).
 *
 * @param <T> the object type
 */
public final class ThreadSafeIndexer<T> implements Indexer<T> {

  private static final Logger log = LoggerFactory.getLogger(ThreadSafeIndexer.class);

  private final ObjectAdapter<T> adapter;
  private final String description;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Map<String, IndexTable<T>> indexes = new LinkedHashMap<>();
  private final Set<String> indexesThatFailed = ConcurrentHashMap.newKeySet();
  private final LongAdder indexErrors = new LongAdder();
  private volatile ConcurrentHashMap<String, T> items = new ConcurrentHashMap<>();
  private volatile String lastResourceVersion = "";

  /**
   * Creates an empty cache with the {@link #NAMESPACE_INDEX} and the given extra indexes.
   *
   * @param adapter     reads keys, namespaces and resource versions
   * @param description names the cache in log messages, for example the type
   * @param indexers    extra indexes by name
   * @throws IllegalArgumentException if an extra index is named {@code namespace}
   */
  public ThreadSafeIndexer(ObjectAdapter<T> adapter, String description, Map<String, IndexFunction<T>> indexers) {
    this.adapter = Objects.requireNonNull(adapter, "adapter");
    this.description = Objects.requireNonNull(description, "description");
    indexes.put(NAMESPACE_INDEX, newTable(NAMESPACE_INDEX, o -> List.of(namespaceOf(o))));
    addIndexers(indexers);
  }

  private String namespaceOf(T object) {
    String ns = adapter.namespace(object);
    return ns == null ? "" : ns;
  }

  private IndexTable<T> newTable(String name, IndexFunction<T> function) {
    return new IndexTable<>(function, (key, error) -> reportIndexError(name, key, error));
  }

  private void reportIndexError(String index, String key, RuntimeException error) {
    indexErrors.increment();
    if (indexesThatFailed.add(index)) {
      log.warn("{}: index function '{}' failed for '{}'; the object is left out of that index (later failures of this index are logged at DEBUG)",
          description, index, key, error);
    } else {
      log.debug("{}: index function '{}' failed for '{}'", description, index, key, error);
    }
  }

  /** Receives the writes of one {@link #write} call, which holds the write lock throughout. */
  public interface Writer<T> {
    /** Stores {@code object} under its key; returns the object it replaced, or null. */
    T put(T object);

    /** Removes the object under {@code lastState}'s key; returns what was cached, or null. */
    T delete(T lastState);

    /**
     * Removes the object cached under {@code key}, for a delete whose last state could not be
     * read; returns what was cached, or null.
     */
    T deleteKey(String key);
  }

  /**
   * Applies several writes atomically with respect to readers of indexes. The body must not block
   * or call back into other locks.
   */
  public void write(Consumer<Writer<T>> body) {
    lock.writeLock().lock();
    try {
      body.accept(writer);
    } finally {
      lock.writeLock().unlock();
    }
  }

  private final Writer<T> writer = new Writer<>() {
    @Override
    public T put(T object) {
      String key = adapter.key(object);
      T previous = items.put(key, object);
      for (IndexTable<T> table : indexes.values()) {
        if (previous == null) {
          table.add(key, object);
        } else {
          table.update(key, previous, object);
        }
      }
      noteResourceVersion(object);
      return previous;
    }

    @Override
    public T delete(T lastState) {
      T previous = deleteKey(adapter.key(lastState));
      noteResourceVersion(lastState);
      return previous;
    }

    @Override
    public T deleteKey(String key) {
      T previous = items.remove(key);
      if (previous != null) {
        for (IndexTable<T> table : indexes.values()) {
          table.remove(key, previous);
        }
      }
      return previous;
    }
  };

  private void noteResourceVersion(T object) {
    String rv = adapter.resourceVersion(object);
    if (rv != null && !rv.isEmpty()) {
      lastResourceVersion = rv;
    }
  }

  /** Stores one object; returns the object it replaced, or null. */
  public T put(T object) {
    lock.writeLock().lock();
    try {
      return writer.put(object);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Removes the object under {@code lastState}'s key; returns what was cached, or null. */
  public T delete(T lastState) {
    lock.writeLock().lock();
    try {
      return writer.delete(lastState);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Replaces the whole content with {@code newItems} (a list) at {@code resourceVersion}, rebuilding
   * every index, and returns what changed. Readers see the old content or the new, never a mix. When
   * several items share a key, the last one is the key's new state and the only one reported (at its
   * own position), so a key never appears twice in the replacement.
   *
   * @param keepIfAbsent keys whose cached object stays when {@code newItems} lacks them (the list
   *                     could not read them); they are neither reported as deleted nor as items
   */
  public Replacement<T> replace(List<T> newItems, String resourceVersion, Set<String> keepIfAbsent) {
    ConcurrentHashMap<String, T> next = new ConcurrentHashMap<>(Math.max(16, (int) (newItems.size() / 0.75f) + 1));
    List<T> previous = new ArrayList<>(newItems.size());
    lock.writeLock().lock();
    try {
      ConcurrentHashMap<String, T> old = items;
      String[] keys = new String[newItems.size()];
      boolean repeatedKey = false;
      for (int i = 0; i < keys.length; i++) {
        T item = newItems.get(i);
        String key = adapter.key(item);
        keys[i] = key;
        repeatedKey |= next.put(key, item) != null;
        previous.add(old.get(key));
      }
      boolean keptAny = false;
      for (String key : keepIfAbsent) {
        T cached = old.get(key);
        if (cached != null && next.putIfAbsent(key, cached) == null) {
          keptAny = true;
        }
      }
      List<DeletedFinalStateUnknown<T>> deleted = new ArrayList<>();
      old.forEach((key, value) -> {
        if (!next.containsKey(key)) {
          deleted.add(new DeletedFinalStateUnknown<>(key, value));
        }
      });
      items = next;
      for (IndexTable<T> table : indexes.values()) {
        if (repeatedKey || keptAny) {
          table.rebuild(next);
        } else {
          table.rebuild(keys, newItems);
        }
      }
      lastResourceVersion = resourceVersion == null ? "" : resourceVersion;
      return repeatedKey ? lastOfEachKey(deleted, newItems, keys, previous) : new Replacement<>(deleted, newItems, previous);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * The replacement's report when keys repeat: each key's last item, with its state before the
   * replacement ({@code previous}, index for index with {@code newItems}).
   */
  private static <T> Replacement<T> lastOfEachKey(List<DeletedFinalStateUnknown<T>> deleted, List<T> newItems,
                                                  String[] keys, List<T> previous) {
    Set<String> seen = new HashSet<>();
    List<T> lastItems = new ArrayList<>();
    List<T> lastPrevious = new ArrayList<>();
    for (int i = keys.length - 1; i >= 0; i--) {
      if (seen.add(keys[i])) {
        lastItems.add(newItems.get(i));
        lastPrevious.add(previous.get(i));
      }
    }
    Collections.reverse(lastItems);
    Collections.reverse(lastPrevious);
    return new Replacement<>(deleted, lastItems, lastPrevious);
  }

  /** Records that the source has seen everything up to {@code resourceVersion} (a bookmark). */
  public void bookmark(String resourceVersion) {
    if (resourceVersion != null && !resourceVersion.isEmpty()) {
      lastResourceVersion = resourceVersion;
    }
  }

  @Override
  public T get(String key) {
    return items.get(key);
  }

  @Override
  public List<T> list() {
    return new ArrayList<>(items.values());
  }

  @Override
  public List<String> listKeys() {
    return new ArrayList<>(items.keySet());
  }

  @Override
  public int size() {
    return items.size();
  }

  @Override
  public String lastStoreSyncResourceVersion() {
    return lastResourceVersion;
  }

  @Override
  public List<T> index(String indexName, T object) {
    lock.readLock().lock();
    try {
      IndexTable<T> table = table(indexName);
      Collection<String> values = table.valuesOf(adapter.key(object), object);
      if (values == null || values.isEmpty()) {
        return List.of();
      }
      Set<String> keys = new HashSet<>();
      for (String value : values) {
        keys.addAll(table.keys(value));
      }
      return objectsOf(keys);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<T> byIndex(String indexName, String value) {
    lock.readLock().lock();
    try {
      return objectsOf(table(indexName).keys(value));
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<String> indexKeys(String indexName, String value) {
    lock.readLock().lock();
    try {
      List<String> keys = new ArrayList<>(table(indexName).keys(value));
      Collections.sort(keys);
      return keys;
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<String> listIndexFuncValues(String indexName) {
    lock.readLock().lock();
    try {
      return new ArrayList<>(table(indexName).values());
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public Set<String> indexNames() {
    lock.readLock().lock();
    try {
      return Set.copyOf(indexes.keySet());
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public IndexFunction<T> indexFunction(String indexName) {
    lock.readLock().lock();
    try {
      return table(indexName).function();
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public void addIndexers(Map<String, IndexFunction<T>> indexers) {
    lock.writeLock().lock();
    try {
      for (String name : indexers.keySet()) {
        if (indexes.containsKey(name)) {
          throw new IllegalArgumentException(description + ": index '" + name + "' already exists");
        }
      }
      indexers.forEach((name, function) -> {
        IndexTable<T> table = newTable(name, Objects.requireNonNull(function, name));
        table.rebuild(items);
        indexes.put(name, table);
      });
    } finally {
      lock.writeLock().unlock();
    }
  }

  @Override
  public long indexErrors() {
    return indexErrors.sum();
  }

  private IndexTable<T> table(String indexName) {
    IndexTable<T> table = indexes.get(indexName);
    if (table == null) {
      throw new NoSuchIndexException(indexName);
    }
    return table;
  }

  private List<T> objectsOf(Collection<String> keys) {
    List<T> out = new ArrayList<>(keys.size());
    for (String key : keys) {
      T object = items.get(key);
      if (object != null) {
        out.add(object);
      }
    }
    return out;
  }
}
