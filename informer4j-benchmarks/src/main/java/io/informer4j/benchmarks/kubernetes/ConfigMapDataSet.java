package io.informer4j.benchmarks.kubernetes;

import io.informer4j.testkit.SimObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The ConfigMaps the Kubernetes comparisons serve, in two shapes, chosen with
 * {@code -Dinformer4j.dataSet=cluster|repeating} (default {@code cluster}).
 *
 * <p>Both are deterministic: object {@code index} at {@code generation} is the same in every run and
 * every JVM, and a later generation changes only what an update of it would change.
 */
public enum ConfigMapDataSet {

  /**
   * Shaped like a cluster's ConfigMaps: sizes from 0.5 to 8 KB of JSON (log-uniform, so most are
   * small), values that do not repeat from object to object — random identifiers and hashes, base64
   * blobs of random bytes, properties files and JSON documents with unique parts — unique label and
   * annotation values, creation times that differ, and a managedFields entry naming the keys. An
   * update changes one value ({@code revision}) and leaves the others as they were, as a controller's
   * write does.
   */
  CLUSTER {
    @Override
    public SimObject configMap(int index, long generation) {
      SplittableRandom random = randomFor(index, 0);
      int target = (int) Math.round(MIN_BYTES * Math.pow((double) MAX_BYTES / MIN_BYTES, random.nextDouble()));
      Map<String, Object> data = new LinkedHashMap<>();
      int size = 0;
      for (int k = 0; size < target; k++) {
        String key;
        String value;
        switch (random.nextInt(4)) {
          case 0 -> {
            key = "token-" + k;
            value = hex(random, 16 + random.nextInt(48));
          }
          case 1 -> {
            key = "blob-" + k + ".b64";
            value = base64(random, 48 + random.nextInt(Math.max(49, (target - size) * 3 / 4)));
          }
          case 2 -> {
            key = "application-" + k + ".properties";
            value = properties(random);
          }
          default -> {
            key = "settings-" + k + ".json";
            value = json(random);
          }
        }
        data.put(key, value);
        size += key.length() + value.length() + 6;
      }
      data.put("revision", generation + "-" + hex(randomFor(index, generation + 1), 8));
      List<String> keys = new ArrayList<>(data.keySet());
      Map<String, Object> fields = new LinkedHashMap<>();
      for (String key : keys.subList(0, Math.min(5, keys.size()))) {
        fields.put("f:" + key, Map.of());
      }
      Map<String, Object> managedFields = Map.of("manager", "helm", "operation", "Update", "apiVersion", "v1",
          "time", timestamp(random), "fieldsType", "FieldsV1", "fieldsV1", Map.of("f:data", fields));
      return SimObject.of("ns-" + (index % NAMESPACES), APPS[index % APPS.length] + "-" + Integer.toString(index, 36) + "-" + hex(random, 5))
          .withLabel("app.kubernetes.io/name", APPS[index % APPS.length])
          .withLabel("app.kubernetes.io/instance", APPS[index % APPS.length] + "-" + hex(random, 4))
          .withLabel("pod-template-hash", hex(random, 5))
          .withAnnotation("checksum/config", hex(random, 32))
          .withContent(Map.of("data", data, "metadata", Map.of("managedFields", List.of(managedFields),
              "creationTimestamp", timestamp(random))));
    }
  },

  /**
   * ConfigMaps of about 1.5 KB of JSON whose eight values are ~110 mostly repeated characters, with a
   * managedFields entry: data that compresses far better than most of a cluster's.
   */
  REPEATING {
    @Override
    public SimObject configMap(int index, long generation) {
      Map<String, Object> data = new LinkedHashMap<>();
      for (int k = 0; k < 8; k++) {
        data.put("key-" + k, "value-" + k + "-" + generation + "-" + "x".repeat(90));
      }
      Map<String, Object> managedFields = Map.of("manager", "kubectl", "operation", "Apply", "apiVersion", "v1",
          "time", "2026-01-01T00:00:00Z", "fieldsType", "FieldsV1",
          "fieldsV1", Map.of("f:data", Map.of("f:key-0", Map.of(), "f:key-1", Map.of(), "f:key-2", Map.of(), "f:key-3", Map.of())));
      return SimObject.of("ns-" + (index % NAMESPACES), "cm-" + index).withLabel("app", "bench")
          .withLabel("shard", Integer.toString(index % 16))
          .withContent(Map.of("data", data, "metadata", Map.of("managedFields", List.of(managedFields),
              "creationTimestamp", "2026-01-01T00:00:00Z")));
    }
  };

  /** Namespaces the objects are spread over. */
  public static final int NAMESPACES = 20;
  private static final int MIN_BYTES = 500;
  private static final int MAX_BYTES = 8_000;
  private static final String[] APPS = {"checkout", "payments", "catalog", "search", "gateway", "ledger", "auth",
      "inventory", "shipping", "pricing", "reviews", "notifications", "recommendations", "billing", "frontend",
      "profile", "orders", "analytics", "scheduler", "mailer"};
  private static final String[] WORDS = {"pool", "timeout", "endpoint", "replicas", "cache", "retry", "region",
      "threshold", "batch", "queue", "token", "feature", "limit", "interval", "owner", "bucket"};
  private static final long EPOCH = Instant.parse("2024-01-01T00:00:00Z").getEpochSecond();

  /** Returns object {@code index} at {@code generation} (0 for its first version). */
  public abstract SimObject configMap(int index, long generation);

  /** Returns the data set named by {@code -Dinformer4j.dataSet} ({@code cluster} when unset). */
  public static ConfigMapDataSet chosen() {
    return valueOf(System.getProperty("informer4j.dataSet", "cluster").toUpperCase(Locale.ROOT));
  }

  /**
   * The random numbers of object {@code index}'s stream {@code stream}: independent of every other
   * object's (seeds in an arithmetic progression would give shifted copies of one sequence).
   */
  private static SplittableRandom randomFor(int index, long stream) {
    return new SplittableRandom(index * 0xBF58476D1CE4E5B9L + stream * 0x94D049BB133111EBL).split();
  }

  private static String hex(SplittableRandom random, int chars) {
    StringBuilder text = new StringBuilder(chars);
    for (int i = 0; i < chars; i++) {
      text.append(Character.forDigit(random.nextInt(16), 16));
    }
    return text.toString();
  }

  private static String base64(SplittableRandom random, int bytes) {
    byte[] raw = new byte[bytes];
    random.nextBytes(raw);
    return Base64.getEncoder().encodeToString(raw);
  }

  private static String timestamp(SplittableRandom random) {
    return Instant.ofEpochSecond(EPOCH + random.nextLong(60L * 60 * 24 * 700)).toString();
  }

  /** A properties file of 3 to 14 lines, each value with a unique part. */
  private static String properties(SplittableRandom random) {
    StringBuilder text = new StringBuilder();
    int lines = 3 + random.nextInt(12);
    for (int i = 0; i < lines; i++) {
      String word = WORDS[random.nextInt(WORDS.length)];
      text.append(word).append('.').append(WORDS[random.nextInt(WORDS.length)]).append('=');
      switch (random.nextInt(3)) {
        case 0 -> text.append(random.nextInt(100_000));
        case 1 -> text.append("https://").append(word).append('-').append(hex(random, 6)).append(".svc.cluster.local:")
            .append(1024 + random.nextInt(60_000)).append("/v").append(1 + random.nextInt(3));
        default -> text.append(hex(random, 8)).append('-').append(hex(random, 4)).append('-').append(hex(random, 12));
      }
      text.append('\n');
    }
    return text.toString();
  }

  /** A JSON document with an identifier, numbers and a list of endpoints, all unique. */
  private static String json(SplittableRandom random) {
    StringBuilder text = new StringBuilder("{\"id\":\"").append(hex(random, 32)).append("\",\"replicas\":")
        .append(1 + random.nextInt(50)).append(",\"weight\":").append(random.nextDouble()).append(",\"endpoints\":[");
    int endpoints = 1 + random.nextInt(6);
    for (int i = 0; i < endpoints; i++) {
      text.append(i == 0 ? "" : ",").append("{\"host\":\"10.").append(random.nextInt(256)).append('.')
          .append(random.nextInt(256)).append('.').append(random.nextInt(256)).append("\",\"port\":")
          .append(1024 + random.nextInt(60_000)).append(",\"zone\":\"zone-").append(hex(random, 3)).append("\"}");
    }
    return text.append("]}").toString();
  }
}
