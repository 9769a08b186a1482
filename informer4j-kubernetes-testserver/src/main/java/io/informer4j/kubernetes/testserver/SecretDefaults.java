package io.informer4j.kubernetes.testserver;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the API server makes of a Secret it reads from a client. Stateless. */
final class SecretDefaults {

  private SecretDefaults() {
  }

  /**
   * Secret's conversion to the internal type (kubernetes/pkg/apis/core/v1/conversion.go,
   * Convert_v1_Secret_To_core_Secret): each {@code stringData} entry overwrites {@code data}'s,
   * base64-encoded, and {@code stringData} is dropped; SetDefaults_Secret: {@code type} Opaque.
   */
  static void apply(Map<String, Object> document) {
    DefaultedFields.orDefault(document, "type", "Opaque");
    Object stringData = document.remove("stringData");
    if (stringData instanceof Map<?, ?> entries && !entries.isEmpty()) {
      Map<String, Object> data = new LinkedHashMap<>(Documents.childOrEmpty(document, "data"));
      entries.forEach((key, value) -> data.put(String.valueOf(key),
          Base64.getEncoder().encodeToString(String.valueOf(value).getBytes(StandardCharsets.UTF_8))));
      document.put("data", data);
    }
  }
}
