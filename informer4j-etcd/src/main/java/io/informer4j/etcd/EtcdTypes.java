package io.informer4j.etcd;

import io.etcd.jetcd.Client;
import io.informer4j.factory.ClientProvider;
import io.informer4j.factory.GenericClient;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.reader.ListWatcherFactory;
import io.informer4j.reader.Representation;
import io.informer4j.source.ListerWatcher;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The object types stored in one etcd, each under its own key prefix with its own codec: what the
 * shared informer factory ({@link ClientProvider}, {@link TypeRegistry}) and the informers map
 * ({@link ListWatcherFactory}) need to run on etcd.
 *
 * <p>A type's scope is its key layout's. Several types may share a Java class (typically
 * {@link EtcdObject}); {@link #typeOf(Class)} then finds none, so name the type explicitly, e.g.
 * {@code factory.informerFor(type, EtcdObject.class, options)}. Every call builds a new
 * {@link EtcdListerWatcher} over the shared client without contacting etcd.
 *
 * <p>Immutable once built; thread-safe. The jetcd client stays the caller's to close.
 */
public final class EtcdTypes implements ClientProvider, ListWatcherFactory, TypeRegistry {

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
   * Returns a lister-watcher of {@code type}'s objects.
   *
   * @throws UnknownTypeException if the type is not in this catalog or is stored as another class
   */
  public <T> EtcdListerWatcher<T> listerWatcher(TypeKey type, Class<T> objectClass) {
    StoredType<T> stored = require(type, objectClass);
    EtcdListerWatcher.Builder<T> builder = EtcdListerWatcher.builder(client, stored.layout, stored.codec, stored.adapter);
    settings.apply(builder);
    return builder.build();
  }

  /**
   * Returns the adapter of {@code type}'s objects.
   *
   * @throws UnknownTypeException if the type is not in this catalog or is stored as another class
   */
  public <T> ObjectAdapter<T> adapter(TypeKey type, Class<T> objectClass) {
    return require(type, objectClass).adapter;
  }

  /** Returns the key layout of {@code type}. @throws UnknownTypeException if it is not in this catalog */
  public KeyLayout layout(TypeKey type) {
    return require(type).layout;
  }

  /** {@inheritDoc} The source covers every namespace; the factory narrows it per request. */
  @Override
  public <T> GenericClient<T> clientFor(TypeKey type, Class<T> objectClass) {
    return new GenericClient<>(listerWatcher(type, objectClass), adapter(type, objectClass));
  }

  /** {@inheritDoc} The namespace arrives in each request's selection, so it is not needed here. */
  @Override
  public ListerWatcher<?> create(TypeKey type, String namespace, TypeRegistry registry,
                                 Representation<?> representation) {
    return listerWatcher(type, representation.javaClass());
  }

  @Override
  public Optional<Scope> scope(TypeKey type) {
    StoredType<?> stored = types.get(type);
    return stored == null ? Optional.empty() : Optional.of(stored.layout.scope());
  }

  /** {@inheritDoc} Empty when no type, or more than one, is stored as {@code objectClass}. */
  @Override
  public Optional<TypeKey> typeOf(Class<?> objectClass) {
    var matching = types.entrySet().stream().filter(e -> e.getValue().objectClass == objectClass).toList();
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
  private <T> StoredType<T> require(TypeKey type, Class<T> objectClass) {
    StoredType<?> stored = require(type);
    if (stored.objectClass != objectClass) {
      throw new UnknownTypeException(type + " as " + objectClass.getName() + " (it is stored as "
          + stored.objectClass.getName() + ")");
    }
    return (StoredType<T>) stored;
  }

  private record StoredType<T>(KeyLayout layout, Codec<T> codec, ObjectAdapter<T> adapter, Class<?> objectClass) {
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
     * Adds a type whose objects, of class {@code objectClass}, live under {@code layout}.
     *
     * @throws IllegalArgumentException if the type was already added, or another type uses a key
     *                                  prefix that contains or is contained in this one
     */
    public <T> Builder type(TypeKey type, Class<? super T> objectClass, KeyLayout layout, Codec<T> codec,
                            ObjectAdapter<T> adapter) {
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(objectClass, "objectClass");
      if (types.containsKey(type)) {
        throw new IllegalArgumentException(type + " was already added");
      }
      types.forEach((other, stored) -> {
        String a = stored.layout.prefix();
        String b = layout.prefix();
        if (a.startsWith(b) || b.startsWith(a)) {
          throw new IllegalArgumentException("the key prefix '" + b + "' of " + type + " overlaps '" + a + "' of " + other);
        }
      });
      types.put(type, new StoredType<>(Objects.requireNonNull(layout, "layout"), Objects.requireNonNull(codec, "codec"),
          Objects.requireNonNull(adapter, "adapter"), objectClass));
      return this;
    }

    /**
     * Adds a type stored as JSON values of {@code valueClass}, read as {@link EtcdObject}s with
     * {@code adapter} (see {@link EtcdObject#adapter(java.util.function.Function, java.util.function.BiFunction)}).
     */
    public <V> Builder jsonType(TypeKey type, KeyLayout layout, Class<V> valueClass, ObjectAdapter<EtcdObject<V>> adapter) {
      return type(type, EtcdObject.class, layout, JsonCodec.of(valueClass), adapter);
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
