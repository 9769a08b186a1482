package io.informer4j.etcd;

/**
 * Turns stored values into objects of type {@code T}.
 *
 * <p>The object a codec returns must agree with its entry, as the {@link io.informer4j.meta.ObjectAdapter}
 * given to {@link EtcdListerWatcher} reads it: the same namespace and name as {@link EtcdEntry#key()},
 * and {@link EtcdEntry#resourceVersion()} as resourceVersion (that is how the informer knows where
 * to watch from). An object that disagrees is reported as malformed and skipped. For types that do
 * not carry these themselves, wrap them: {@link EtcdObject} with {@link JsonCodec} does.
 *
 * <p>Implementations must be thread-safe; they are called on etcd's client threads and the
 * informer's I/O threads.
 *
 * @param <T> the object type
 */
@FunctionalInterface
public interface Codec<T> {

  /**
   * Decodes one value.
   *
   * @return the object, never null
   * @throws Exception if the value cannot be decoded; the key is then counted, logged and skipped
   */
  T decode(EtcdEntry entry) throws Exception;
}
