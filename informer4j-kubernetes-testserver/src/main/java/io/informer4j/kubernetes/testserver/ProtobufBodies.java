package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.charset.StandardCharsets;

/**
 * Request bodies in the Kubernetes protobuf encoding ({@code application/vnd.kubernetes.protobuf}),
 * read into JSON documents, for the built-in kinds kubectl's generators send that way (client-go's
 * typed clients write protobuf and do not fall back to JSON on 415): ConfigMap, Secret, Namespace,
 * ServiceAccount and, of {@code apps/v1}, Deployment as {@code kubectl create deployment} fills it in
 * (replicas, selector labels, a template with labels and containers: name, image, command, args,
 * ports, env). The encoding is the API server's protobuf
 * serializer (k8s.io/apimachinery pkg/runtime/serializer/protobuf): the magic {@code k8s\0}, then a
 * {@code runtime.Unknown} (typeMeta 1, raw 2) whose {@code raw} is the object's message, with the
 * field numbers of k8s.io/api core/v1 and apps/v1 generated.proto and apimachinery meta/v1/generated.proto.
 * Fields outside these tables are skipped, and so are empty strings and zero numbers (the protobuf
 * marshaller writes them where JSON omits them). Stateless.
 */
final class ProtobufBodies {

  static final String CONTENT_TYPE = "application/vnd.kubernetes.protobuf";
  private static final byte[] MAGIC = {'k', '8', 's', 0};

  /** How a field is read into JSON. */
  private enum Form { STRING, BYTES, VARINT, BOOL, STRING_MAP, BYTES_MAP, STRINGS, MESSAGE, MESSAGES, TIME }

  private record Field(String name, Form form, Map<Integer, Field> message) {
    static Field of(String name, Form form) {
      return new Field(name, form, null);
    }
  }

  private static final Map<Integer, Field> OWNER_REFERENCE = Map.of(
      5, Field.of("apiVersion", Form.STRING), 1, Field.of("kind", Form.STRING), 3, Field.of("name", Form.STRING),
      4, Field.of("uid", Form.STRING), 6, Field.of("controller", Form.BOOL), 7, Field.of("blockOwnerDeletion", Form.BOOL));
  private static final Map<Integer, Field> OBJECT_META = Map.ofEntries(
      Map.entry(1, Field.of("name", Form.STRING)), Map.entry(2, Field.of("generateName", Form.STRING)),
      Map.entry(3, Field.of("namespace", Form.STRING)), Map.entry(5, Field.of("uid", Form.STRING)),
      Map.entry(6, Field.of("resourceVersion", Form.STRING)), Map.entry(7, Field.of("generation", Form.VARINT)),
      Map.entry(8, Field.of("creationTimestamp", Form.TIME)), Map.entry(11, Field.of("labels", Form.STRING_MAP)),
      Map.entry(12, Field.of("annotations", Form.STRING_MAP)),
      Map.entry(13, new Field("ownerReferences", Form.MESSAGES, OWNER_REFERENCE)),
      Map.entry(14, Field.of("finalizers", Form.STRINGS)));
  private static final Field METADATA = new Field("metadata", Form.MESSAGE, OBJECT_META);
  private static final Map<Integer, Field> CONTAINER = Map.of(1, Field.of("name", Form.STRING),
      2, Field.of("image", Form.STRING), 3, Field.of("command", Form.STRINGS), 4, Field.of("args", Form.STRINGS),
      6, new Field("ports", Form.MESSAGES, Map.of(1, Field.of("name", Form.STRING), 3, Field.of("containerPort", Form.VARINT),
          4, Field.of("protocol", Form.STRING))),
      7, new Field("env", Form.MESSAGES, Map.of(1, Field.of("name", Form.STRING), 2, Field.of("value", Form.STRING))));
  private static final Map<Integer, Field> POD_TEMPLATE = Map.of(1, METADATA,
      2, new Field("spec", Form.MESSAGE, Map.of(2, new Field("containers", Form.MESSAGES, CONTAINER))));
  private static final Map<Integer, Field> DEPLOYMENT_SPEC = Map.of(1, Field.of("replicas", Form.VARINT),
      2, new Field("selector", Form.MESSAGE, Map.of(1, Field.of("matchLabels", Form.STRING_MAP))),
      3, new Field("template", Form.MESSAGE, POD_TEMPLATE));
  private static final Map<String, Map<Integer, Field>> KINDS = Map.of(
      "/ServiceAccount", Map.of(1, METADATA),
      "apps/Deployment", Map.of(1, METADATA, 2, new Field("spec", Form.MESSAGE, DEPLOYMENT_SPEC)),
      "/ConfigMap", Map.of(1, METADATA, 2, Field.of("data", Form.STRING_MAP), 3, Field.of("binaryData", Form.BYTES_MAP),
          4, Field.of("immutable", Form.BOOL)),
      "/Secret", Map.of(1, METADATA, 2, Field.of("data", Form.BYTES_MAP), 3, Field.of("type", Form.STRING),
          4, Field.of("stringData", Form.STRING_MAP), 5, Field.of("immutable", Form.BOOL)),
      "/Namespace", Map.of(1, METADATA, 2, new Field("spec", Form.MESSAGE, Map.of(1, Field.of("finalizers", Form.STRINGS)))));

  private ProtobufBodies() {
  }

  /**
   * Reads a protobuf body of {@code type} into its JSON document.
   *
   * @throws RejectedRequest 415 when the kind is not one this server reads, 400 when the bytes are not
   *                         the Kubernetes protobuf encoding
   */
  static Map<String, Object> read(ResourceType type, byte[] body) {
    Map<Integer, Field> fields = "v1".equals(type.type().version())
        ? KINDS.get(type.type().group() + "/" + type.type().kind()) : null;
    if (fields == null) {
      throw new RejectedRequest(Statuses.unsupportedMediaType(MediaTypes.BODY_TYPES));
    }
    try {
      if (body.length < MAGIC.length || body[0] != 'k' || body[1] != '8' || body[2] != 's' || body[3] != 0) {
        throw new IllegalArgumentException("no k8s protobuf magic");
      }
      Reader unknown = new Reader(body, MAGIC.length, body.length);
      byte[] raw = null;
      while (unknown.more()) {
        int tag = unknown.varintAsInt();
        if (tag >>> 3 == 2 && (tag & 7) == 2) {
          raw = unknown.bytes();
        } else {
          unknown.skip(tag & 7);
        }
      }
      if (raw == null) {
        throw new IllegalArgumentException("no object in the protobuf envelope");
      }
      Map<String, Object> document = new LinkedHashMap<>();
      document.put("apiVersion", type.apiVersion());
      document.put("kind", type.type().kind());
      document.putAll(message(new Reader(raw, 0, raw.length), fields));
      return document;
    } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
      throw new RejectedRequest(Statuses.badRequest("the protobuf body could not be read: " + e.getMessage()));
    }
  }

  private static Map<String, Object> message(Reader in, Map<Integer, Field> fields) {
    Map<String, Object> json = new LinkedHashMap<>();
    while (in.more()) {
      int tag = in.varintAsInt();
      Field field = fields.get(tag >>> 3);
      if (field == null) {
        in.skip(tag & 7);
        continue;
      }
      switch (field.form()) {
        case STRING -> putUnlessEmpty(json, field.name(), in.string());
        case BYTES -> json.put(field.name(), Base64.getEncoder().encodeToString(in.bytes()));
        case VARINT -> putUnlessEmpty(json, field.name(), in.varint());
        case BOOL -> json.put(field.name(), in.varint() != 0);
        case STRINGS -> list(json, field).add(in.string());
        case MESSAGE -> json.put(field.name(), message(in.sub(), field.message()));
        case MESSAGES -> list(json, field).add(message(in.sub(), field.message()));
        case TIME -> in.sub();
        case STRING_MAP, BYTES_MAP -> {
          Reader entry = in.sub();
          String key = "";
          Object value = "";
          while (entry.more()) {
            int entryTag = entry.varintAsInt();
            if (entryTag >>> 3 == 1) {
              key = entry.string();
            } else if (entryTag >>> 3 == 2) {
              byte[] bytes = entry.bytes();
              value = field.form() == Form.BYTES_MAP ? Base64.getEncoder().encodeToString(bytes)
                  : new String(bytes, StandardCharsets.UTF_8);
            } else {
              entry.skip(entryTag & 7);
            }
          }
          @SuppressWarnings("unchecked")
          Map<String, Object> map = (Map<String, Object>) json.computeIfAbsent(field.name(), n -> new LinkedHashMap<>());
          map.put(key, value);
        }
        default -> throw new IllegalStateException("unhandled form " + field.form());
      }
    }
    return json;
  }

  private static void putUnlessEmpty(Map<String, Object> json, String name, Object value) {
    if (!"".equals(value) && !Long.valueOf(0).equals(value)) {
      json.put(name, value);
    }
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Map<String, Object> json, Field field) {
    return (List<Object>) json.computeIfAbsent(field.name(), n -> new ArrayList<>());
  }

  /** Reads protobuf wire data between two offsets. */
  private static final class Reader {
    private final byte[] data;
    private int at;
    private final int end;

    Reader(byte[] data, int from, int end) {
      this.data = data;
      this.at = from;
      this.end = end;
    }

    boolean more() {
      return at < end;
    }

    long varint() {
      long value = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (at >= end) {
          throw new IllegalArgumentException("a varint runs past the end");
        }
        byte b = data[at++];
        value |= (long) (b & 0x7f) << shift;
        if (b >= 0) {
          return value;
        }
      }
      throw new IllegalArgumentException("a varint is too long");
    }

    int varintAsInt() {
      return (int) varint();
    }

    Reader sub() {
      int length = varintAsInt();
      if (length < 0 || at + length > end) {
        throw new IllegalArgumentException("a field runs past the end");
      }
      Reader sub = new Reader(data, at, at + length);
      at += length;
      return sub;
    }

    byte[] bytes() {
      Reader sub = sub();
      byte[] bytes = new byte[sub.end - sub.at];
      System.arraycopy(data, sub.at, bytes, 0, bytes.length);
      return bytes;
    }

    String string() {
      return new String(bytes(), StandardCharsets.UTF_8);
    }

    void skip(int wireType) {
      switch (wireType) {
        case 0 -> varint();
        case 1 -> at += 8;
        case 2 -> sub();
        case 5 -> at += 4;
        default -> throw new IllegalArgumentException("unsupported wire type " + wireType);
      }
    }
  }
}
