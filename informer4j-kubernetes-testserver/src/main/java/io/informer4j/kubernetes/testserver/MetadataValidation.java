package io.informer4j.kubernetes.testserver;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The label and annotation rules of the API server's object metadata validation, for every kind on
 * create and update: {@code ValidateLabels} (k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go)
 * and {@code ValidateAnnotations} (k8s.io/apimachinery/pkg/api/validation/objectmeta.go): keys by
 * {@link QualifiedNames} (annotation keys case-insensitively), label values too, and at most
 * 256 KiB of annotation keys and values together. Each problem is one {@link FieldError} on
 * {@code metadata.labels} or {@code metadata.annotations}. Stateless.
 */
final class MetadataValidation {

  /** TotalAnnotationSizeLimitB. */
  static final int ANNOTATIONS_SIZE_LIMIT = 256 * 1024;

  private MetadataValidation() {
  }

  /** Returns the problems of the labels and annotations of {@code metadata} (none when valid). */
  static List<FieldError> errors(Map<String, Object> metadata) {
    List<FieldError> errors = new ArrayList<>();
    Documents.childOrEmpty(metadata, "labels").forEach((key, value) -> {
      QualifiedNames.keyErrors(key).forEach(error -> errors.add(FieldError.invalid("metadata.labels", key, error)));
      String text = value == null ? "" : String.valueOf(value);
      QualifiedNames.labelValueErrors(text)
          .forEach(error -> errors.add(FieldError.invalid("metadata.labels", text, error)));
    });
    Map<String, Object> annotations = Documents.childOrEmpty(metadata, "annotations");
    long size = 0;
    for (Map.Entry<String, Object> annotation : annotations.entrySet()) {
      String key = annotation.getKey();
      QualifiedNames.keyErrors(key.toLowerCase(Locale.ROOT))
          .forEach(error -> errors.add(FieldError.invalid("metadata.annotations", key, error)));
      size += key.getBytes(StandardCharsets.UTF_8).length
          + (annotation.getValue() == null ? 0 : String.valueOf(annotation.getValue()).getBytes(StandardCharsets.UTF_8).length);
    }
    if (size > ANNOTATIONS_SIZE_LIMIT) {
      errors.add(new FieldError("FieldValueTooLong", "metadata.annotations", null,
          "may not be more than " + ANNOTATIONS_SIZE_LIMIT + " bytes"));
    }
    return errors;
  }
}
