package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a read is answered with, negotiated from its {@code Accept} header as the API server does
 * (k8s.io/apiserver pkg/endpoints/handlers/negotiation {@code NegotiateOutputMediaTypeOptions}, with
 * {@code RequestScope.AllowsMediaTypeTransform}): media ranges are tried by quality, wildcards last;
 * a JSON range (or a wildcard) without {@code as} is the object itself, one with
 * {@code as=Table;g=meta.k8s.io;v=v1} (or {@code v1beta1}) a Table, one with
 * {@code as=PartialObjectMetadata} or {@code PartialObjectMetadataList} in {@code meta.k8s.io} only
 * the metadata, one naming the resource's own kind the object; any other {@code as}, group or version
 * ({@code as=Foo}) makes the range unacceptable, and with no acceptable range the answer is 406.
 * Immutable.
 *
 * @param kind          the form of the answer
 * @param tableVersion  the version of {@code meta.k8s.io} a Table is answered in ({@code v1},
 *                      {@code v1beta1}); null for other forms
 */
record ResponseFormat(Kind kind, String tableVersion) {

  /** The forms of an answer. */
  enum Kind {
    /** The object or list itself. */
    OBJECT,
    /** PartialObjectMetadata(List): the metadata only. */
    PARTIAL,
    /** A {@code meta.k8s.io} Table. */
    TABLE
  }

  /** The object itself, the answer to clients that name no transformation. */
  static final ResponseFormat OBJECT = new ResponseFormat(Kind.OBJECT, null);

  private static final String META = "meta.k8s.io";

  private record Range(String type, Map<String, String> parameters, double quality) {
  }

  /** Returns the answer's form for {@code accept} (null or blank: the object), or empty when none is acceptable (406). */
  static Optional<ResponseFormat> negotiate(String accept, TypeKey served) {
    if (accept == null || accept.isBlank()) {
      return Optional.of(OBJECT);
    }
    List<Range> ranges = new ArrayList<>();
    for (String text : accept.split(",")) {
      ranges.add(range(text));
    }
    ranges.sort(Comparator.comparingDouble((Range r) -> -r.quality())
        .thenComparing(r -> r.type().startsWith("*/"))
        .thenComparing(r -> r.type().endsWith("/*")));
    for (Range range : ranges) {
      Optional<ResponseFormat> format = format(range, served);
      if (format.isPresent()) {
        return format;
      }
    }
    return Optional.empty();
  }

  private static Range range(String text) {
    String[] parts = text.split(";");
    Map<String, String> parameters = new HashMap<>();
    double quality = 1;
    for (int i = 1; i < parts.length; i++) {
      String[] pair = parts[i].split("=", 2);
      String key = pair[0].trim().toLowerCase(Locale.ROOT);
      String value = pair.length == 2 ? pair[1].trim() : "";
      if (key.equals("q")) {
        try {
          quality = Double.parseDouble(value);
        } catch (NumberFormatException e) {
          quality = 0;
        }
      } else {
        parameters.put(key, value);
      }
    }
    return new Range(MediaTypes.base(parts[0]), parameters, quality);
  }

  private static Optional<ResponseFormat> format(Range range, TypeKey served) {
    boolean json = switch (range.type()) {
      case "application/json", "application/*", "*/*", "" -> true;
      default -> false;
    };
    if (!json || range.quality() <= 0) {
      return Optional.empty();
    }
    String as = range.parameters().get("as");
    String group = range.parameters().get("g");
    String version = range.parameters().get("v");
    if (as == null && group == null && version == null) {
      return Optional.of(OBJECT);
    }
    boolean meta = META.equals(group) && ("v1".equals(version) || "v1beta1".equals(version));
    if (meta && "Table".equals(as)) {
      return Optional.of(new ResponseFormat(Kind.TABLE, version));
    }
    if (meta && ("PartialObjectMetadata".equals(as) || "PartialObjectMetadataList".equals(as))) {
      return Optional.of(new ResponseFormat(Kind.PARTIAL, null));
    }
    boolean own = served.kind().equals(as) && served.group().equals(group == null ? "" : group)
        && served.version().equals(version);
    return own ? Optional.of(OBJECT) : Optional.empty();
  }
}
