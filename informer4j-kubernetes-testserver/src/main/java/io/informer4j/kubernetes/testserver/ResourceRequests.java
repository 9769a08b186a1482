package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * The requests on resources: list and watch (streamed by {@link ListResponder} and
 * {@link WatchResponder}), and get, create, update, patch, server-side apply and delete of objects
 * and of their {@code /status}, and deletecollection (through {@link ObjectWrites}); get, update
 * and patch of their {@code /scale} ({@link ScaleWrites}). Checks what the API server
 * checks before it reads the store: the resource is served (404), the client accepts JSON (406,
 * {@link ResponseFormat}; reads answer Tables to clients asking for them, {@link TableAnswers}), the
 * body's and the patch's formats (415), field selectors the resource supports (400 "field label not
 * supported", the field label conversion functions of kubernetes/pkg/apis), the list options
 * ({@link ListOptions}: 400 when they do not parse, 422 when {@link ListOptionsValidation} refuses them); {@code dryRun=All} writes are
 * checked and answered, not stored. Handlers run on worker threads. Thread-safe.
 */
final class ResourceRequests {

  private final SimulatedApi api;
  private final ServedTypes types;
  private final ObjectWrites writes;
  private final Executor workers;
  private final ServerFaults faults;
  private final ScaleWrites scales;
  private final EncodedObjects encodedObjects = new EncodedObjects();

  ResourceRequests(SimulatedApi api, ServedTypes types, ObjectWrites writes, Executor workers, ServerFaults faults) {
    this.api = api;
    this.types = types;
    this.writes = writes;
    this.scales = new ScaleWrites(writes);
    this.workers = workers;
    this.faults = faults;
  }

  /** Answers a request on {@code path} (a collection, an object, its status or its scale). */
  void handle(HttpServerRequest request, ApiPath path) {
    Optional<ResourceType> found = types.find(path.group(), path.version(), path.plural());
    if (found.isEmpty() || path.kind() == ApiPath.Kind.STATUS && !found.get().statusSubresource()
        || path.kind() == ApiPath.Kind.SCALE && types.scale(found.get()).isEmpty()) {
      HttpBodies.send(request.response(), Statuses.notFound("the server could not find the requested resource"));
      return;
    }
    ResourceType type = found.get();
    Optional<ResponseFormat> format = ResponseFormat.negotiate(request.getHeader("Accept"), type.type());
    if (format.isEmpty()) {
      HttpBodies.send(request.response(), Statuses.notAcceptable());
      return;
    }
    HttpMethod method = request.method();
    Optional<Statuses.Failure> injected = method == HttpMethod.GET ? Optional.empty() : faults.takeWriteFailure();
    if (injected.isPresent()) {
      HttpBodies.send(request.response(), injected.get());
      return;
    }
    boolean status = path.kind() == ApiPath.Kind.STATUS;
    switch (path.kind()) {
      case COLLECTION -> {
        if (method == HttpMethod.GET) {
          Failures.answering(request, () -> readCollection(request, type, path.namespace(), format.get()));
        } else if (method == HttpMethod.POST) {
          withBody(request, MediaTypes.OBJECT_TYPES, body -> writes.create(type, path.namespace(),
              document(type, request, body), options(request, "CreateOptions")));
        } else if (method == HttpMethod.DELETE) {
          onWorker(request, () -> answer(request, deleteCollection(request, type, path.namespace())));
        } else {
          notAllowed(request);
        }
      }
      case OBJECT, STATUS -> {
        if (method == HttpMethod.GET) {
          onWorker(request, () -> answer(request, read(request, type, format.get(), writes.get(type, path.namespace(), path.name()))));
        } else if (method == HttpMethod.PUT) {
          withBody(request, MediaTypes.OBJECT_TYPES, body -> {
            Map<String, Object> document = document(type, request, body);
            if (isCustom(type)) {
              ObjectRules.requireResourceVersion(type, path.name(), document);
            }
            return writes.update(type, path.namespace(), path.name(), document, status, options(request, "UpdateOptions"));
          });
        } else if (method == HttpMethod.PATCH) {
          List<String> accepted = isCustom(type) ? MediaTypes.CUSTOM_PATCH_TYPES : MediaTypes.BUILT_IN_PATCH_TYPES;
          String contentType = MediaTypes.base(request.getHeader("Content-Type"));
          if (WriteParameters.APPLY_PATCH.equals(contentType)) {
            withBody(request, accepted, body -> writes.apply(type, path.namespace(), path.name(),
                WriteParameters.applyBody(body), status, WriteParameters.apply(request.params())));
          } else {
            withBody(request, accepted, body -> writes.replace(type, path.namespace(), path.name(),
                patch(contentType, body), status, options(request, "PatchOptions")));
          }
        } else if (method == HttpMethod.DELETE && !status) {
          request.body().onSuccess(body -> onWorker(request, () ->
              answer(request, writes.delete(type, path.namespace(), path.name(), deleteOptions(request, body)))));
        } else {
          notAllowed(request);
        }
      }
      case SCALE -> handleScale(request, type, types.scale(type).orElseThrow(), path);
      default -> notAllowed(request);
    }
  }

  /** Answers a get, an update or a patch (JSON, merge or strategic merge) of a {@code /scale} subresource. */
  private void handleScale(HttpServerRequest request, ResourceType type, ScaleSubresource scale, ApiPath path) {
    HttpMethod method = request.method();
    if (method == HttpMethod.GET) {
      onWorker(request, () -> answer(request, scales.get(type, scale, path.namespace(), path.name())));
    } else if (method == HttpMethod.PUT) {
      withBody(request, MediaTypes.BODY_TYPES, body -> {
        Map<String, Object> document = HttpBodies.parseObject(body);
        return scales.update(type, scale, path.namespace(), path.name(), current -> document,
            options(request, "UpdateOptions"));
      });
    } else if (method == HttpMethod.PATCH) {
      String contentType = MediaTypes.base(request.getHeader("Content-Type"));
      withBody(request, MediaTypes.SCALE_PATCH_TYPES, body -> scales.update(type, scale, path.namespace(), path.name(),
          patch(contentType, body), options(request, "PatchOptions")));
    } else {
      notAllowed(request);
    }
  }

  private boolean isCustom(ResourceType type) {
    return crdOf(type).isPresent();
  }

  private Optional<Map<String, Object>> crdOf(ResourceType type) {
    return type.type().group().isEmpty() ? Optional.empty()
        : writes.find(CustomResourceDefinitions.CRD, null, type.plural() + "." + type.type().group());
  }

  /**
   * Returns the Tables of {@code type} for a Table read.
   *
   * @throws RejectedRequest 400 for an unknown {@code includeObject}, 500 when a CRD's printer
   *                         column has a JSONPath this server does not read
   */
  private TableAnswers tables(HttpServerRequest request, ResourceType type, ResponseFormat format) {
    TablePrinter printer;
    try {
      printer = TablePrinters.of(type.type(), crdOf(type));
    } catch (IllegalArgumentException unreadable) {
      throw new RejectedRequest(new Statuses.Failure(500, Statuses.status(500, "InternalError",
          "the printer columns of " + type.plural() + "." + type.type().group() + " cannot be evaluated: "
              + unreadable.getMessage(), null), null));
    }
    return new TableAnswers(type.type(), printer, format.tableVersion(), request.params().get("includeObject"),
        Instant.now());
  }

  /** Returns a GET's answer in the negotiated form: the object, or a Table of it. */
  private ObjectWrites.Answer read(HttpServerRequest request, ResourceType type, ResponseFormat format,
                                   ObjectWrites.Answer object) {
    if (format.kind() != ResponseFormat.Kind.TABLE) {
      return object;
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> document = (Map<String, Object>) object.document();
    return new ObjectWrites.Answer(object.code(), tables(request, type, format).ofObject(document, true));
  }

  /** Reads an object body: JSON, or protobuf for the kinds {@link ProtobufBodies} reads. */
  private static Map<String, Object> document(ResourceType type, HttpServerRequest request, Buffer body) {
    if (ProtobufBodies.CONTENT_TYPE.equals(MediaTypes.base(request.getHeader("Content-Type")))) {
      return ProtobufBodies.read(type, body.getBytes());
    }
    return HttpBodies.parseObject(body);
  }

  private static UnaryOperator<Map<String, Object>> patch(String contentType, Buffer body) {
    Object patch = HttpBodies.parse(body);
    return current -> {
      try {
        Object patched = switch (contentType) {
          case JsonPatch.CONTENT_TYPE -> JsonPatch.apply(current, patch);
          case StrategicMergePatch.CONTENT_TYPE -> StrategicMergePatch.apply(current, patch);
          default -> MergePatch.apply(current, patch);
        };
        if (patched instanceof Map<?, ?> map) {
          @SuppressWarnings("unchecked")
          Map<String, Object> document = (Map<String, Object>) map;
          return document;
        }
        throw new IllegalArgumentException("the patched object is not a JSON object");
      } catch (IllegalArgumentException e) {
        throw new RejectedRequest(new Statuses.Failure(422, Statuses.status(422, "Invalid", e.getMessage(), null), null));
      }
    };
  }

  private interface BodyHandler {
    ObjectWrites.Answer handle(Buffer body);
  }

  /** Reads the body when its format is one of {@code accepted} (else 415) and answers with {@code handler}. */
  private void withBody(HttpServerRequest request, List<String> accepted, BodyHandler handler) {
    String contentType = MediaTypes.base(request.getHeader("Content-Type"));
    if (!contentType.isEmpty() && !accepted.contains(contentType)) {
      HttpBodies.send(request.response(), Statuses.unsupportedMediaType(accepted));
      return;
    }
    request.body().onSuccess(body -> onWorker(request, () -> answer(request, handler.handle(body))));
  }

  private static ObjectWrites.WriteOptions options(HttpServerRequest request, String optionsKind) {
    return WriteParameters.write(request.params(), request.getHeader("User-Agent"), optionsKind);
  }

  /**
   * Reads a delete's options from the query and from a {@code DeleteOptions} body (the body wins).
   *
   * @throws RejectedRequest 422 when its {@code dryRun} is not {@code All}
   */
  private static ObjectWrites.DeleteOptions deleteOptions(HttpServerRequest request, Buffer body) {
    String propagation = request.params().get("propagationPolicy");
    String uid = null;
    String resourceVersion = null;
    List<String> dryRun = request.params().getAll("dryRun");
    if (body != null && body.length() > 0) {
      Map<String, Object> options = HttpBodies.parseObject(body);
      if (!Documents.strings(options, "dryRun").isEmpty()) {
        dryRun = Documents.strings(options, "dryRun");
      }
      if (Documents.text(options, "propagationPolicy") != null) {
        propagation = Documents.text(options, "propagationPolicy");
      }
      Map<String, Object> preconditions = Documents.childOrEmpty(options, "preconditions");
      uid = Documents.text(preconditions, "uid");
      resourceVersion = Documents.text(preconditions, "resourceVersion");
    }
    List<FieldError> errors = WriteParameters.dryRunErrors(dryRun);
    if (!errors.isEmpty()) {
      throw new RejectedRequest(Statuses.invalid(TypeKey.of("meta.k8s.io", "v1", "DeleteOptions"), "", errors));
    }
    return new ObjectWrites.DeleteOptions(propagation, uid, resourceVersion, dryRun.contains("All"));
  }

  private ObjectWrites.Answer deleteCollection(HttpServerRequest request, ResourceType type, String namespace) {
    checkFieldSelector(type, request.params().get("fieldSelector"));
    ObjectWrites.DeleteOptions options = new ObjectWrites.DeleteOptions(null, null, null,
        deleteOptions(request, null).dryRun());
    ListRequest list = ListOptions.read(request.params(), namespaceOf(type, namespace)).listRequest();
    List<SimObject> matching = new ArrayList<>();
    ListSink<SimObject> sink = matching::add;
    ListPage page = api.listerWatcher(type.storageType()).list(new ListRequest(list.selection(), null,
        ResourceVersionMatch.UNSET, 0, null), sink);
    List<Object> deleted = new ArrayList<>();
    for (SimObject object : matching) {
      try {
        deleted.add(writes.delete(type, object.namespace(), object.name(), options).document());
      } catch (RejectedRequest gone) {
        // deleted meanwhile: not part of the answer
      }
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("kind", type.type().kind() + "List");
    answer.put("apiVersion", type.apiVersion());
    answer.put("metadata", Map.of("resourceVersion", page.resourceVersion()));
    answer.put("items", deleted);
    return new ObjectWrites.Answer(200, answer);
  }

  private void readCollection(HttpServerRequest request, ResourceType type, String namespace, ResponseFormat format) {
    boolean partial = format.kind() == ResponseFormat.Kind.PARTIAL;
    boolean table = format.kind() == ResponseFormat.Kind.TABLE;
    var source = api.listerWatcher(type.storageType());
    boolean knowsWatchList = faults.knowsWatchList();
    ListOptions read = ListOptions.read(request.params(), namespaceOf(type, namespace));
    ListOptions options = read.watch() && !knowsWatchList ? read
        : ListOptionsValidation.defaultedAndValid(read, true);
    checkFieldSelector(type, request.params().get("fieldSelector"));
    Context context = Vertx.currentContext();
    if (options.watch() && request.canUpgradeToWebSocket()) {
      request.pause();
    }
    onWorker(request, () -> {
      TableAnswers tables = table ? tables(request, type, format) : null;
      if (options.watch()) {
        WatchRequest watch = options.watchRequest(knowsWatchList, () -> source.list(
            new ListRequest(options.selection(), "", ResourceVersionMatch.UNSET, 1, null), item -> { }).resourceVersion());
        WatchResponder.respond(type.type(), source, watch, options.allowWatchBookmarks(),
            table ? WatchResponder.tableEvents(tables) : object -> encodedObjects.json(type.type(), partial, object),
            request, context, faults.watchGate());
      } else {
        ListResponder.respond(source, options.listRequest(),
            table ? ListResponder.Body.table(tables) : ListResponder.Body.list(type.type(), partial, encodedObjects),
            request.response(), faults.takeListCut());
      }
    });
  }

  /** Refuses a field selector on a field the resource does not support (400). */
  private static void checkFieldSelector(ResourceType type, String selector) {
    if (selector == null || selector.isBlank()) {
      return;
    }
    Set<String> allowed = type.selectableFields();
    for (String requirement : selector.split(",")) {
      String field = requirement.split("!=|==|=", 2)[0].trim();
      if (!field.equals("metadata.name") && !field.equals("metadata.namespace") && !allowed.contains(field)) {
        throw new RejectedRequest(Statuses.badRequest("field label not supported: " + field));
      }
    }
  }

  private static String namespaceOf(ResourceType type, String namespace) {
    return type.scope() == Scope.CLUSTER ? null : namespace;
  }

  private static void notAllowed(HttpServerRequest request) {
    HttpBodies.send(request.response(), Statuses.methodNotAllowed(request.method() + " is not supported on " + request.path()));
  }

  private void onWorker(HttpServerRequest request, Runnable handler) {
    workers.execute(() -> Failures.answering(request, handler));
  }

  private static void answer(HttpServerRequest request, ObjectWrites.Answer answer) {
    HttpServerResponse response = request.response();
    answer.warnings().forEach(warning -> response.headers().add("Warning", "299 - \"" + warning.replace("\"", "\\\"") + "\""));
    HttpBodies.send(response, answer.code(), answer.document());
  }
}
