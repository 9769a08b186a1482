package io.informer4j.etcd;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.util.Objects;

/**
 * Stores values as JSON with Jackson, for records and POJOs: decodes into {@link EtcdObject}s
 * (identity and version from etcd, the value from JSON), and encodes values for writers.
 *
 * <p>Thread-safe.
 *
 * @param <V> the value type
 */
public final class JsonCodec<V> implements Codec<EtcdObject<V>> {

  private final Class<V> type;
  private final ObjectReader reader;
  private final ObjectWriter writer;

  private JsonCodec(ObjectMapper mapper, Class<V> type) {
    this.type = Objects.requireNonNull(type, "type");
    this.reader = mapper.readerFor(type);
    this.writer = mapper.writerFor(type);
  }

  /**
   * Returns a codec for {@code type} with a mapper that ignores unknown properties (so older readers
   * accept newer values).
   */
  public static <V> JsonCodec<V> of(Class<V> type) {
    return new JsonCodec<>(new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES), type);
  }

  /** Returns a codec for {@code type} with the caller's mapper. */
  public static <V> JsonCodec<V> of(ObjectMapper mapper, Class<V> type) {
    return new JsonCodec<>(Objects.requireNonNull(mapper, "mapper"), type);
  }

  /**
   * Decodes the entry's JSON value.
   *
   * @throws IOException if the value is not JSON of the type (including the JSON {@code null})
   */
  @Override
  public EtcdObject<V> decode(EtcdEntry entry) throws IOException {
    V value = reader.readValue(entry.value());
    if (value == null) {
      throw new IOException("the value of " + entry.storageKey() + " is JSON null, not a " + type.getSimpleName());
    }
    return EtcdObject.of(entry, value);
  }

  /**
   * Encodes a value as JSON bytes, for writing it to etcd.
   *
   * @throws IllegalArgumentException if Jackson cannot serialize it
   */
  public byte[] encode(V value) {
    try {
      return writer.writeValueAsBytes(Objects.requireNonNull(value, "value"));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot encode a " + type.getSimpleName() + " as JSON: " + e.getMessage(), e);
    }
  }
}
