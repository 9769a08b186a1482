package io.informer4j.kubernetes.testserver;

import java.util.List;
import java.util.Locale;

/**
 * Content negotiation as the API server does it for the formats this server speaks, JSON only
 * (k8s.io/apiserver pkg/endpoints/handlers/negotiation): an {@code Accept} header that allows JSON
 * (or anything) is answered in JSON — a client offering protobuf first and JSON after, as client-go
 * does, gets JSON — and one that allows only other formats is answered 406 (the ranges are read by
 * {@link ResponseFormat}); a body in another
 * format than JSON is answered 415 (save the protobuf bodies of {@link ProtobufBodies}, which
 * kubectl's generators send and never retry as JSON). Stateless.
 */
final class MediaTypes {

  /** The body formats this server reads in general: JSON. */
  static final List<String> BODY_TYPES = List.of("application/json");
  /** The formats of create and update bodies: JSON, and protobuf for the kinds {@link ProtobufBodies} reads. */
  static final List<String> OBJECT_TYPES = List.of("application/json", ProtobufBodies.CONTENT_TYPE);
  /** The body formats of patches of built-in types. */
  static final List<String> BUILT_IN_PATCH_TYPES = List.of(JsonPatch.CONTENT_TYPE, MergePatch.CONTENT_TYPE,
      StrategicMergePatch.CONTENT_TYPE, WriteParameters.APPLY_PATCH);
  /** The body formats of patches of a {@code /scale} subresource, the parent's kind built in or custom. */
  static final List<String> SCALE_PATCH_TYPES =
      List.of(JsonPatch.CONTENT_TYPE, MergePatch.CONTENT_TYPE, StrategicMergePatch.CONTENT_TYPE);
  /** The body formats of patches of custom resources (no strategic merge patch, as the API server). */
  static final List<String> CUSTOM_PATCH_TYPES =
      List.of(JsonPatch.CONTENT_TYPE, MergePatch.CONTENT_TYPE, WriteParameters.APPLY_PATCH);

  private MediaTypes() {
  }

  /** Returns the media type of a {@code Content-Type} header without its parameters, lower case ({@code ""} when absent). */
  static String base(String contentType) {
    if (contentType == null) {
      return "";
    }
    int semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
  }

  /** Returns true when an {@code Accept} header asks for the OpenAPI v2 protobuf before JSON. */
  static boolean prefersOpenApiProtobuf(String accept) {
    return accept != null && base(accept.split(",")[0]).equals(OpenApiDocuments.V2_PROTOBUF);
  }
}
