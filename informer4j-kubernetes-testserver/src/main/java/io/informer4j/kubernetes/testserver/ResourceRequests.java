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
 * and of their {@code /status}, and deletecollection (through {@link ObjectWrites}). Checks what the API server
 * checks before it reads the store: the resource is served (404), the client accepts JSON (406), the
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
  private final EncodedObjects encodedObjects = new EncodedObjects();

  ResourceRequests(SimulatedApi api, ServedTypes types, ObjectWrites writes, Executor workers, ServerFaults faults) {
    this.api = api;
    this.types = types;
    this.writes = writes;
    this.workers = workers;
    this.faults = faults;
  }

  /** Answers a request on {@code path} (a collection, an object or a status). */
  void handle(HttpServerRequest request, ApiPath path) {
    Optional<ResourceType> found = types.find(path.group(), path.version(), path.plural());
    if (found.isEmpty() || path.kind() == ApiPath.Kind.STATUS && !found.get().statusSubresource()) {
      HttpBodies.send(request.response(), Statuses.notFound("the server could not find the requested resource"));
      return;
    }
    if (!MediaTypes.acceptsJson(request.getHeader("Accept"))) {
      HttpBodies.send(request.response(), Statuses.notAcceptable());
      return;
    }
    ResourceType type = found.get();
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
          Failures.answering(request, () -> readCollection(request, type, path.namespace()));
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
          onWorker(request, () -> answer(request, writes.get(type, path.namespace(), path.name())));
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
      default -> notAllowed(request);
    }
  }

  private boolean isCustom(ResourceType type) {
    return !type.type().group().isEmpty()
        && writes.find(CustomResourceDefinitions.CRD, null, type.plural() + "." + type.type().group()).isPresent();
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

  private void readCollection(HttpServerRequest request, ResourceType type, String namespace) {
    String accept = request.getHeader("Accept");
    boolean partial = accept != null && accept.contains("as=PartialObjectMetadata");
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
      if (options.watch()) {
        WatchRequest watch = options.watchRequest(knowsWatchList, () -> source.list(
            new ListRequest(options.selection(), "", ResourceVersionMatch.UNSET, 1, null), item -> { }).resourceVersion());
        WatchResponder.respond(type.type(), source, watch, options.allowWatchBookmarks(), partial, request, context,
            faults.watchGate(), encodedObjects);
      } else {
        ListResponder.respond(type.type(), source, options.listRequest(), partial, request.response(),
            faults.takeListCut(), encodedObjects);
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
