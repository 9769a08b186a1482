package io.informer4j.etcd;

import io.etcd.jetcd.Client;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.RuntimeBackend;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.Backend;
import io.informer4j.source.ResourceVersionOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The etcd {@link Backend}: the object types stored in one etcd, each under its own key prefix with
 * its own codec.
 *
 * <pre>{@code
 * ObjectType<EtcdObject<Widget>> widgets = EtcdObject.type(WIDGET, Widget.ADAPTER);
 * EtcdTypes etcd = EtcdTypes.builder(client).json(widgets, KeyLayout.namespaced("/registry/widgets/"), Widget.class)
 *     .build();
 * CacheReader<EtcdObject<Widget>> reader = map.reader(widgets);   // map = InformersMap.builder(etcd).build()
 * }</pre>
 *
 * <p>A type's scope is its key layout's. Every source is a new {@link EtcdListerWatcher} over the
 * shared client, built without contacting etcd. etcd has no discovery: every type of the catalog
 * is served (an empty prefix is an empty type).
 *
 * <p>Immutable once built; thread-safe. The jetcd client stays the caller's to close.
 */
public final class EtcdTypes implements RuntimeBackend, TypeRegistry {

  private final Client client;
  private final UnaryOperator<EtcdListerWatcher.Builder<?>> settings;
  private final Map<TypeKey, StoredType<?>> types;

  private EtcdTypes(Builder builder) {
    this.client = builder.client;
    this.settings = builder.settings;
    this.types = Map.copyOf(builder.types);
  }

  /** Starts a catalog of the types stored in the etcd behind {@code client}. */
  public static Builder builder(Client client) {
    return new Builder(client);
  }

  /**
   * Returns the source of {@code type}'s objects, covering every namespace (each request's
   * selection narrows it), with threads of its own for its watches' timeouts and initial states
   * (ending when idle; see {@link EtcdListerWatcher.Builder#runtime}).
   *
   * @throws UnknownTypeException if the type is not in this catalog or is stored in another
   *     representation
   */
  @Override
  public <T> EtcdListerWatcher<T> listerWatcher(ObjectType<T> type) {
    return builder(type).build();
  }

  /**
   * Returns the source of {@code type}'s objects, whose watches run their timeouts and initial states
   * on {@code runtime}: an informers map or Manager calls this with each informer's runtime, so the
   * backend has no threads of its own.
   *
   * @throws UnknownTypeException if the type is not in this catalog
   */
  @Override
  public <T> EtcdListerWatcher<T> listerWatcher(ObjectType<T> type, InformerRuntime runtime) {
    return builder(type).runtime(runtime).build();
  }

  private <T> EtcdListerWatcher.Builder<T> builder(ObjectType<T> type) {
    StoredType<T> stored = require(type);
    EtcdListerWatcher.Builder<T> builder = EtcdListerWatcher.builder(client, stored.layout, stored.codec, type.adapter());
    settings.apply(builder);
    return builder;
  }

  /**
   * Returns the object type stored under {@code key}, as it was added to the catalog.
   *
   * @throws UnknownTypeException if the type is not in this catalog
   */
  public ObjectType<?> type(TypeKey key) {
    return require(key).type;
  }

  @Override
  public TypeRegistry types() {
    return this;
  }

  /**
   * Returns {@link ResourceVersionOrder#NUMERIC}: every object's resourceVersion is its mod revision
   * (the delete's revision for a deletion), and etcd's revisions grow with every write.
   */
  @Override
  public ResourceVersionOrder resourceVersionOrder(TypeKey type) {
    return ResourceVersionOrder.NUMERIC;
  }

  @Override
  public String description() {
    return "etcd " + client;
  }

  /** Returns the key layout of {@code type}. @throws UnknownTypeException if it is not in this catalog */
  public KeyLayout layout(TypeKey type) {
    return require(type).layout;
  }

  @Override
  public Optional<Scope> scope(TypeKey type) {
    StoredType<?> stored = types.get(type);
    return stored == null ? Optional.empty() : Optional.of(stored.layout.scope());
  }

  /** {@inheritDoc} Empty when no type, or more than one, is stored as {@code objectClass}. */
  @Override
  public Optional<TypeKey> typeOf(Class<?> objectClass) {
    var matching = types.entrySet().stream().filter(e -> e.getValue().type.javaClass() == objectClass).toList();
    return matching.size() == 1 ? Optional.of(matching.get(0).getKey()) : Optional.empty();
  }

  private StoredType<?> require(TypeKey type) {
    StoredType<?> stored = types.get(Objects.requireNonNull(type, "type"));
    if (stored == null) {
      throw new UnknownTypeException(type + " (not stored in this etcd catalog; known: " + types.keySet() + ")");
    }
    return stored;
  }

  @SuppressWarnings("unchecked")
  private <T> StoredType<T> require(ObjectType<T> type) {
    StoredType<?> stored = require(type.key());
    if (!stored.type.equals(type)) {
      throw new UnknownTypeException(type, "it is stored as " + stored.type);
    }
    return (StoredType<T>) stored;
  }

  private record StoredType<T>(ObjectType<T> type, KeyLayout layout, Codec<T> codec) {
  }

  /** Collects the stored types. Not thread-safe; build once. */
  public static final class Builder {
    private final Client client;
    private final Map<TypeKey, StoredType<?>> types = new LinkedHashMap<>();
    private UnaryOperator<EtcdListerWatcher.Builder<?>> settings = UnaryOperator.identity();

    private Builder(Client client) {
      this.client = Objects.requireNonNull(client, "client");
    }

    /**
     * Adds a type whose objects live under {@code layout}, decoded by {@code codec}.
     *
     * @throws IllegalArgumentException if the type was already added, or another type uses a key
     *                                  prefix that contains or is contained in this one
     */
    public <T> Builder type(ObjectType<T> type, KeyLayout layout, Codec<T> codec) {
      Objects.requireNonNull(type, "type");
      if (types.containsKey(type.key())) {
        throw new IllegalArgumentException(type.key() + " was already added");
      }
      types.forEach((other, stored) -> {
        String a = stored.layout.prefix();
        String b = layout.prefix();
        if (a.startsWith(b) || b.startsWith(a)) {
          throw new IllegalArgumentException("the key prefix '" + b + "' of " + type.key() + " overlaps '" + a + "' of "
              + other);
        }
      });
      types.put(type.key(), new StoredType<>(type, Objects.requireNonNull(layout, "layout"),
          Objects.requireNonNull(codec, "codec")));
      return this;
    }

    /**
     * Adds a type stored as JSON values of {@code valueClass}, read as {@link EtcdObject}s (see
     * {@link EtcdObject#type}).
     */
    public <V> Builder json(ObjectType<EtcdObject<V>> type, KeyLayout layout, Class<V> valueClass) {
      return type(type, layout, JsonCodec.of(valueClass));
    }

    /**
     * Sets what every lister-watcher of the catalog is built with (chunk size, timeouts, progress
     * requests), applied to each new {@link EtcdListerWatcher.Builder}.
     */
    public Builder listerWatcherSettings(UnaryOperator<EtcdListerWatcher.Builder<?>> settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /** Returns the catalog. */
    public EtcdTypes build() {
      return new EtcdTypes(this);
    }
  }
}
