package io.informer4j.benchmarks.informer;

import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The objects an informer benchmark feeds, built once before measuring: ConfigMaps with realistic
 * metadata (one of {@value #NAMESPACES} namespaces, name, resourceVersion, uid, creation time, three
 * labels) and about {@value #DATA_CHARS} characters of data each, as a decoder would produce them
 * (every object has its own strings and maps).
 *
 * <p>{@link #initial()} is what a list returns, at {@link #listResourceVersion()}. {@link #updates()}
 * holds later states of the same objects, generation after generation (each generation changes
 * every object once, with a new resourceVersion and new data); cycling through it in order never
 * delivers an object twice in a row at the same version.
 *
 * <p>Deterministic for a given seed. Immutable lists; the objects must not be mutated.
 *
 * @param initial             the listed objects
 * @param listResourceVersion the version the list is read at
 * @param updates             later states, generation by generation, in key order within each
 */
public record ConfigMapWorkload(List<V1ConfigMap> initial, String listResourceVersion, List<V1ConfigMap> updates) {

  /** How many namespaces the objects spread over. */
  public static final int NAMESPACES = 10;
  /** About how many characters of data each object carries. */
  public static final int DATA_CHARS = 1024;

  private static final int DATA_ENTRIES = 4;
  private static final String[] TIERS = {"frontend", "backend", "cache"};
  private static final OffsetDateTime CREATED = OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
  private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

  /** Makes the lists unmodifiable. */
  public ConfigMapWorkload {
    initial = Collections.unmodifiableList(initial);
    updates = Collections.unmodifiableList(updates);
  }

  /**
   * Builds {@code objects} ConfigMaps and {@code updateGenerations} later states of each.
   *
   * @throws IllegalArgumentException if {@code objects} is not positive or {@code updateGenerations}
   *                                  is negative, or if there is exactly one update generation
   *                                  (cycling it would repeat a version back to back)
   */
  public static ConfigMapWorkload create(int objects, int updateGenerations, long seed) {
    if (objects < 1 || updateGenerations < 0 || updateGenerations == 1) {
      throw new IllegalArgumentException("need at least one object and zero or at least two update generations, got "
          + objects + " objects and " + updateGenerations + " generations");
    }
    SplittableRandom random = new SplittableRandom(seed);
    List<V1ConfigMap> initial = new ArrayList<>(objects);
    for (int i = 0; i < objects; i++) {
      initial.add(configMap(i, i + 1L, new UUID(random.nextLong(), random.nextLong()).toString(), random));
    }
    List<V1ConfigMap> updates = new ArrayList<>(objects * updateGenerations);
    long version = objects;
    for (int generation = 0; generation < updateGenerations; generation++) {
      for (int i = 0; i < objects; i++) {
        updates.add(configMap(i, ++version, initial.get(i).getMetadata().getUid(), random));
      }
    }
    return new ConfigMapWorkload(initial, Long.toString(objects), updates);
  }

  private static V1ConfigMap configMap(int index, long resourceVersion, String uid, SplittableRandom random) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("app", "app-" + index % 50);
    labels.put("tier", TIERS[index % TIERS.length]);
    labels.put("team", "team-" + index % 7);
    Map<String, String> data = new LinkedHashMap<>();
    for (int entry = 0; entry < DATA_ENTRIES; entry++) {
      data.put("setting-" + entry + ".properties", randomText(random, DATA_CHARS / DATA_ENTRIES - 24));
    }
    V1ObjectMeta metadata = new V1ObjectMeta()
        .namespace("namespace-" + index % NAMESPACES)
        .name("config-" + index)
        .uid(uid)
        .resourceVersion(Long.toString(resourceVersion))
        .creationTimestamp(CREATED.plusSeconds(index))
        .labels(labels);
    return new V1ConfigMap().apiVersion("v1").kind("ConfigMap").metadata(metadata).data(data);
  }

  private static String randomText(SplittableRandom random, int length) {
    char[] text = new char[length];
    for (int i = 0; i < length; i++) {
      text[i] = ALPHABET[random.nextInt(ALPHABET.length)];
    }
    return new String(text);
  }
}
