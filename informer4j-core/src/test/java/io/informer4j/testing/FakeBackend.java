package io.informer4j.testing;

import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.Backend;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.TypePresence;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A {@link Backend} of {@link Item}s over {@link FakeSource}s, one per type, representation and
 * namespace (created on demand, listing rather than streaming unless told): each request goes to the
 * source of its selection's namespace ({@code ""} for all), unless the test serves the type through a
 * source of its own ({@link #serve}). Serves the types its registry knows or a presence answer names
 * (others are an {@link UnknownTypeException}), records every source it builds, answers presence as
 * told (present by default), and lets a test fire its type-added signal. Its types read with
 * {@link Item#COPYING_ADAPTER}, so reads return copies.
 */
public final class FakeBackend implements Backend {

  /** Pods, namespaced, read as {@link Item}s. */
  public static final ObjectType<Item> PODS = ObjectType.of(TypeKey.of("", "v1", "Pod"), Item.class, Item.COPYING_ADAPTER);
  /** Deployments, namespaced. */
  public static final ObjectType<Item> DEPLOYMENTS =
      ObjectType.of(TypeKey.of("apps", "v1", "Deployment"), "deployment", Item.class, Item.COPYING_ADAPTER);
  /** Nodes, cluster-scoped. */
  public static final ObjectType<Item> NODES =
      ObjectType.of(TypeKey.of("", "v1", "Node"), "node", Item.class, Item.COPYING_ADAPTER);

  private final SimpleTypeRegistry registry = new SimpleTypeRegistry()
      .register(PODS.key(), Scope.NAMESPACED)
      .register(DEPLOYMENTS.key(), Scope.NAMESPACED)
      .register(NODES.key(), Scope.CLUSTER);
  private final Map<String, FakeSource> sources = new ConcurrentHashMap<>();
  private final Map<ObjectType<?>, ListerWatcher<Item>> served = new ConcurrentHashMap<>();
  private final Map<TypeKey, TypePresence> presence = new ConcurrentHashMap<>();
  private final List<String> calls = new CopyOnWriteArrayList<>();
  private final List<Consumer<TypeKey>> typeAddedListeners = new CopyOnWriteArrayList<>();
  private volatile ObjectType<?> typed;
  private volatile boolean watchList;

  /** Registers another type with its scope; returns this backend. */
  public FakeBackend register(TypeKey type, Scope scope) {
    registry.register(type, scope);
    return this;
  }

  /** Makes {@link #type(Class)} answer {@code type} for {@link Item}; returns this backend. */
  public FakeBackend typed(ObjectType<Item> type) {
    this.typed = type;
    registry.register(type.key(), registry.scope(type.key()).orElse(Scope.NAMESPACED), Item.class);
    return this;
  }

  /** Lets new sources offer watch-list; returns this backend. */
  public FakeBackend withWatchList() {
    this.watchList = true;
    return this;
  }

  /** Returns the source of {@code type} in {@code namespace} ({@code ""} for all). */
  public FakeSource source(ObjectType<?> type, String namespace) {
    return sources.computeIfAbsent(type.key() + "|" + type.representation() + "|" + namespace, k -> {
      FakeSource source = new FakeSource();
      if (!watchList) {
        source.declareNoWatchList();
      }
      return source;
    });
  }

  /** Returns the source of {@code type} in all namespaces. */
  public FakeSource source(ObjectType<?> type) {
    return source(type, "");
  }

  /** Serves {@code type} through {@code source} (for example a gated one) instead of its fake sources. */
  public FakeBackend serve(ObjectType<?> type, ListerWatcher<Item> source) {
    served.put(type, source);
    return this;
  }

  /** Makes presence checks of {@code type} answer {@code answer}. */
  public void setPresence(TypeKey type, TypePresence answer) {
    presence.put(type, answer);
  }

  /** Tells every listener of {@link #onTypeAdded} that {@code type} appeared. */
  public void fireTypeAdded(TypeKey type) {
    typeAddedListeners.forEach(listener -> listener.accept(type));
  }

  /** Returns every {@link #listerWatcher} call, as {@code "<type> as <representation>"}. */
  public List<String> calls() {
    return List.copyOf(calls);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
    if (!type.javaClass().equals(Item.class)) {
      throw new UnknownTypeException(type + " (the fake backend serves Items)");
    }
    if (registry.scope(type.key()).isEmpty() && !presence.containsKey(type.key())) {
      throw new UnknownTypeException(type.toString());
    }
    calls.add(type.toString());
    ListerWatcher<Item> own = served.get(type);
    return (ListerWatcher<T>) (own != null ? own : new ByNamespace(type));
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> ObjectType<T> type(Class<T> javaClass) {
    ObjectType<?> answer = typed;
    if (answer == null || !answer.javaClass().equals(javaClass)) {
      throw new UnknownTypeException(javaClass.getName());
    }
    return (ObjectType<T>) answer;
  }

  @Override
  public TypeRegistry types() {
    return registry;
  }

  @Override
  public TypePresence presence(TypeKey type) {
    TypePresence told = presence.get(type);
    return told != null ? told : Backend.super.presence(type);
  }

  @Override
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    typeAddedListeners.add(listener);
    return () -> typeAddedListeners.remove(listener);
  }

  /** Sends each request to the source of its selection's namespace. */
  private final class ByNamespace implements ListerWatcher<Item> {
    private final ObjectType<?> type;

    ByNamespace(ObjectType<?> type) {
      this.type = type;
    }

    private FakeSource target(String namespace) {
      return source(type, namespace);
    }

    @Override
    public ListPage list(ListRequest request, ListSink<Item> sink) {
      return target(request.selection().namespace()).list(request, sink);
    }

    @Override
    public WatchHandle watch(WatchRequest request, WatchListener<Item> listener) {
      return target(request.selection().namespace()).watch(request, listener);
    }

    @Override
    public boolean supportsWatchList() {
      return watchList;
    }

    @Override
    public String description() {
      return "fake " + type;
    }
  }
}
