package io.informer4j.kubernetes.testserver;

import dev.cel.common.values.NullValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A document's values as CEL sees them under a schema, after the API server's UnstructuredToVal
 * (k8s.io/apiserver pkg/cel/common/values.go): integers as {@code long}, numbers as {@code double},
 * a message type's fields under their escaped names ({@link CelSchemaTypes#escape}) with null
 * fields left out (CEL sees them as absent), a resource's {@code metadata} cut to {@code name} and
 * {@code generateName}, {@code date}/{@code date-time} strings as instants and {@code duration}
 * strings (Go's form, {@code 1h30m}) as durations; a null in a list or map is CEL's null. A string
 * that does not parse in its format stays a string. Stateless.
 */
final class CelValues {

  private static final Pattern GO_DURATION_PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h)");

  private CelValues() {
  }

  /** Returns {@code value} as CEL sees it under {@code schema} ({@code resource}: the node is a resource's root). */
  static Object of(Object value, Map<?, ?> schema, boolean resource) {
    if (value == null) {
      return NullValue.NULL_VALUE;
    }
    if (value instanceof Map<?, ?> map) {
      return object(map, schema, resource);
    }
    if (value instanceof List<?> list) {
      Map<?, ?> items = schema != null && schema.get("items") instanceof Map<?, ?> i ? i : null;
      List<Object> converted = new ArrayList<>(list.size());
      list.forEach(item -> converted.add(of(item, items, false)));
      return converted;
    }
    if (value instanceof Number number) {
      return number(number, schema == null ? null : Documents.text(schema, "type"));
    }
    if (value instanceof String text && schema != null) {
      return formatted(text, Documents.text(schema, "format"));
    }
    return value;
  }

  private static Object object(Map<?, ?> map, Map<?, ?> schema, boolean resource) {
    Map<String, Object> converted = new LinkedHashMap<>();
    if (schema == null || !"object".equals(schema.get("type"))
        || Boolean.TRUE.equals(schema.get("x-kubernetes-int-or-string"))) {
      map.forEach((key, child) -> converted.put(String.valueOf(key), of(child, null, false)));
      return converted;
    }
    if (schema.get("additionalProperties") instanceof Map<?, ?> values) {
      map.forEach((key, child) -> converted.put(String.valueOf(key), of(child, values, false)));
      return converted;
    }
    boolean embedded = resource || Boolean.TRUE.equals(schema.get("x-kubernetes-embedded-resource"));
    Map<?, ?> properties = schema.get("properties") instanceof Map<?, ?> p ? p : Map.of();
    map.forEach((key, child) -> {
      String name = String.valueOf(key);
      if (child == null) {
        return;
      }
      if (embedded && name.equals("metadata") && child instanceof Map<?, ?> metadata) {
        converted.put(name, objectMeta(metadata));
      } else if (embedded && (name.equals("apiVersion") || name.equals("kind"))) {
        converted.put(name, child);
      } else if (properties.containsKey(name)) {
        Map<?, ?> declared = properties.get(name) instanceof Map<?, ?> d ? d : null;
        CelSchemaTypes.escape(name).ifPresent(field -> converted.put(field, of(child, declared, false)));
      }
    });
    return converted;
  }

  private static Map<String, Object> objectMeta(Map<?, ?> metadata) {
    Map<String, Object> converted = new LinkedHashMap<>();
    for (String field : List.of("name", "generateName")) {
      if (metadata.get(field) instanceof String text) {
        converted.put(field, text);
      }
    }
    return converted;
  }

  private static Object number(Number number, String type) {
    boolean whole = !(number instanceof Double || number instanceof Float || number instanceof BigDecimal)
        || new BigDecimal(number.toString()).stripTrailingZeros().scale() <= 0;
    if ("number".equals(type) || !whole) {
      return number.doubleValue();
    }
    BigInteger integer = new BigDecimal(number.toString()).toBigInteger();
    if (integer.bitLength() < 64) {
      return integer.longValue();
    }
    return number.doubleValue();
  }

  private static Object formatted(String text, String format) {
    try {
      if ("date-time".equals(format)) {
        return OffsetDateTime.parse(text).toInstant();
      }
      if ("date".equals(format)) {
        return LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
      }
      if ("duration".equals(format)) {
        return goDuration(text);
      }
    } catch (DateTimeParseException | IllegalArgumentException e) {
      return text;
    }
    return text;
  }

  /** Parses a duration as Go's time.ParseDuration reads it ({@code 1h30m}, {@code -1.5s}, {@code 0}). */
  private static Duration goDuration(String text) {
    String rest = text.startsWith("-") || text.startsWith("+") ? text.substring(1) : text;
    if (rest.equals("0")) {
      return Duration.ZERO;
    }
    Matcher matcher = GO_DURATION_PART.matcher(rest);
    BigDecimal nanos = BigDecimal.ZERO;
    int end = 0;
    while (matcher.find() && matcher.start() == end) {
      nanos = nanos.add(new BigDecimal(matcher.group(1).startsWith(".") ? "0" + matcher.group(1) : matcher.group(1))
          .multiply(BigDecimal.valueOf(unitNanos(matcher.group(2)))));
      end = matcher.end();
    }
    if (end == 0 || end != rest.length()) {
      throw new IllegalArgumentException("not a Go duration: " + text);
    }
    Duration duration = Duration.ofNanos(nanos.longValue());
    return text.startsWith("-") ? duration.negated() : duration;
  }

  private static long unitNanos(String unit) {
    return switch (unit) {
      case "ns" -> 1L;
      case "us", "µs" -> 1_000L;
      case "ms" -> 1_000_000L;
      case "s" -> 1_000_000_000L;
      case "m" -> 60_000_000_000L;
      default -> 3_600_000_000_000L;
    };
  }
}
