package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;

/**
 * fabric8's JSON configuration (its modules, its lenient handling of unknown and mismatched
 * fields), exposed as a Jackson {@link ObjectMapper} so lists and watch streams can be decoded
 * token by token with exactly the rules fabric8 applies to whole documents.
 *
 * <p>One addition: {@link DirectAnySetters}, which makes fabric8's any-setters (the fields a model
 * does not declare) cheap to call; what is decoded does not change.
 *
 * <p>fabric8 builds its mapper inside {@link KubernetesSerialization}'s constructor and does not
 * publish it; this subclass keeps the mapper fabric8 configured. Thread-safe once constructed.
 */
public final class FabricJson extends KubernetesSerialization {

  /** Set while the superclass constructor configures the mapper; never reassigned after. */
  private ObjectMapper configured;

  /** Creates fabric8's default JSON configuration. */
  public FabricJson() {
    super();
  }

  @Override
  protected ObjectMapper configureMapper(ObjectMapper mapper) {
    ObjectMapper result = super.configureMapper(mapper).rebuild().addModule(DirectAnySetters.module()).build();
    configured = result;
    return result;
  }

  /** Returns the mapper fabric8 configured. */
  public ObjectMapper mapper() {
    return configured;
  }

  /** Returns a reader that binds JSON values to {@code type} with fabric8's rules. */
  public ObjectReader readerFor(Class<?> type) {
    return configured.readerFor(type);
  }
}
