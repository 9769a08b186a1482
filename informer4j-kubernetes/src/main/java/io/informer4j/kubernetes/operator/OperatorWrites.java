package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.api.model.StatusDetails;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.manager.ControllerBuilder;
import io.informer4j.manager.OwnWrites;
import io.informer4j.manager.WriteInFlight;
import io.informer4j.manager.WrittenObject;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one path by which the operator helpers write to the API server: create, update, status
 * update, server-side apply (of objects and of their status) and delete of fabric8 objects (typed
 * models and {@code GenericKubernetesResource}s), and the server reads that conflict handling needs. Each accepted write returns the server's answer (with its new
 * resourceVersion) and is told to the listener as a {@link WrittenObject}, so a cache can wait until
 * it has seen the write.
 *
 * <p>Updates are optimistic: the object's {@code metadata.resourceVersion} is the precondition, and
 * an object without one is refused before any request ({@link IllegalArgumentException}).
 *
 * <p>Errors are typed ({@link ApiWriteException} and subclasses): 409 is
 * {@link WriteConflictException} ({@link ApplyConflictException}, naming each field and its manager,
 * when an apply would change fields other managers own), 422 {@link InvalidObjectException} with
 * the server's causes, a 404
 * on {@code /status} whose Status names no object {@link NoStatusSubresourceException} (the API
 * server answers a missing object with its name in {@code details}, an unserved path without).
 *
 * <p><b>Lifecycle.</b> {@link #close()} first closes the {@link EventRecorder}s built over these
 * writes (they write what they hold), then refuses every later write or read with a
 * {@link WritesClosedException}. Writes built for a controller ({@link Builder#forController}) are
 * closed by the controller's manager when it stops, after the controller's workers ended. The
 * client stays the caller's.
 *
 * <p>Thread-safe; every method blocks for one request (fabric8's request timeout bounds it). The
 * listener is called on the writing thread after the write; what it throws is logged and ignored.
 */
public final class OperatorWrites implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(OperatorWrites.class);

  private final KubernetesClient client;
  private final Consumer<WrittenObject> listener;
  private final String fieldManager;
  private final String owner;
  private final OwnWrites ownWrites;
  private final List<EventRecorder> recorders = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  private OperatorWrites(KubernetesClient client, Consumer<WrittenObject> listener, String fieldManager,
                         String owner, OwnWrites ownWrites) {
    this.client = client;
    this.listener = listener;
    this.fieldManager = fieldManager;
    this.owner = owner;
    this.ownWrites = ownWrites;
  }

  /** Returns writes over {@code client} without a listener. */
  public static OperatorWrites of(KubernetesClient client) {
    return builder(client).build();
  }

  /** Starts configuring writes over {@code client} (the caller keeps owning the client). */
  public static Builder builder(KubernetesClient client) {
    return new Builder(client);
  }

  /**
   * Creates {@code object}; returns the server's answer.
   *
   * @throws ApiWriteException as the class comment says (409 {@code AlreadyExists} is a {@link WriteConflictException})
   */
  public <T extends HasMetadata> T create(T object) {
    return write(object, Verb.CREATE, () -> client.resource(object).create());
  }

  /**
   * Replaces {@code object} if its resourceVersion is still the stored one; returns the server's
   * answer. On a type with a status subresource the server keeps the stored status.
   *
   * @throws IllegalArgumentException if the object has no resourceVersion
   * @throws ApiWriteException        as the class comment says
   */
  public <T extends HasMetadata> T update(T object) {
    requireResourceVersion(object);
    return write(object, Verb.UPDATE, () -> client.resource(object).update());
  }

  /**
   * Replaces the status of {@code object} through its {@code /status} subresource if its
   * resourceVersion is still the stored one; returns the server's answer.
   *
   * @throws IllegalArgumentException      if the object has no resourceVersion
   * @throws NoStatusSubresourceException  if the resource has no status subresource
   * @throws ApiWriteException             as the class comment says
   */
  public <T extends HasMetadata> T updateStatus(T object) {
    requireResourceVersion(object);
    return write(object, Verb.UPDATE_STATUS, () -> client.resource(object).updateStatus());
  }

  /**
   * Applies {@code desired} with server-side apply as the writes' field manager ({@link Builder#fieldManager},
   * the controller's name with {@link Builder#forController}), forcing conflicts: the manager then
   * owns exactly the fields {@code desired} sets, fields it applied before and no longer sets are
   * removed unless another manager owns them, and fields another manager changed are taken back.
   * Creates the object when it does not exist. A {@code resourceVersion} in {@code desired} is a
   * precondition; its {@code managedFields} are not sent.
   *
   * @throws IllegalStateException if the writes have no field manager
   * @throws ApiWriteException     as the class comment says
   */
  public <T extends HasMetadata> T apply(T desired) {
    return apply(desired, defaultOptions());
  }

  /**
   * Applies {@code desired} with server-side apply as {@code fieldManager}, refusing conflicts (see
   * {@link #apply(HasMetadata, ApplyOptions)}).
   *
   * @throws ApplyConflictException if it would change fields other managers own, naming them
   * @throws ApiWriteException      as the class comment says
   */
  public <T extends HasMetadata> T apply(T desired, String fieldManager) {
    return apply(desired, ApplyOptions.as(fieldManager));
  }

  /**
   * Applies {@code desired} with server-side apply as {@code options} say; returns the server's
   * answer. The applied fields are owned by the options' field manager; a field another manager
   * owns and {@code desired} sets to another value is a conflict unless the options force it.
   *
   * @throws ApplyConflictException if it would change fields other managers own, without force
   * @throws ApiWriteException      as the class comment says
   */
  public <T extends HasMetadata> T apply(T desired, ApplyOptions options) {
    T body = forApply(desired);
    return write(desired, Verb.APPLY, () -> {
      var request = client.resource(body).fieldManager(options.fieldManager());
      return options.forceConflicts() ? request.forceConflicts().serverSideApply() : request.serverSideApply();
    });
  }

  /**
   * Applies the status of {@code desired} through its {@code /status} subresource as the writes'
   * field manager, forcing conflicts (see {@link #apply(HasMetadata)}); only its status counts.
   *
   * @throws IllegalStateException         if the writes have no field manager
   * @throws NoStatusSubresourceException  if the resource has no status subresource
   * @throws ApiWriteException             as the class comment says (404 when the object does not exist)
   */
  public <T extends HasMetadata> T applyStatus(T desired) {
    return applyStatus(desired, defaultOptions());
  }

  /**
   * Applies the status of {@code desired} through its {@code /status} subresource as {@code options}
   * say; returns the server's answer.
   *
   * @throws ApplyConflictException        if it would change fields other managers own, without force
   * @throws NoStatusSubresourceException  if the resource has no status subresource
   * @throws ApiWriteException             as the class comment says
   */
  public <T extends HasMetadata> T applyStatus(T desired, ApplyOptions options) {
    T body = forApply(desired);
    return write(desired, Verb.APPLY_STATUS, () -> client.resource(body).subresource("status").patch(
        new PatchContext.Builder().withPatchType(PatchType.SERVER_SIDE_APPLY).withFieldManager(options.fieldManager())
            .withForce(options.forceConflicts()).build()));
  }

  /**
   * Deletes {@code object} (by type, namespace and name, in the background); returns true when the
   * server accepted the deletion, false when the object was already gone.
   *
   * @throws ApiWriteException as the class comment says
   */
  public boolean delete(HasMetadata object) {
    Objects.requireNonNull(object, "object");
    requireOpen("delete", object);
    try {
      return !client.resource(forApply(object)).delete().isEmpty();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return false;
      }
      throw mapped(object, false, e);
    }
  }

  /**
   * Reads the stored state of {@code object} (same type, namespace and name) from the server, for
   * when a cache is known to be behind; empty when it does not exist.
   *
   * @throws ApiWriteException if the read failed
   */
  public <T extends HasMetadata> Optional<T> read(T object) {
    Objects.requireNonNull(object, "object");
    requireOpen("read", object);
    try {
      return Optional.ofNullable(client.resource(object).get());
    } catch (KubernetesClientException e) {
      throw mapped(object, false, e);
    }
  }

  /** Returns a deep copy of {@code object}. */
  public <T extends HasMetadata> T copy(T object) {
    return serialization().clone(object);
  }

  /** Returns the JSON serialization of the client, for comparing and copying objects. */
  public KubernetesSerialization serialization() {
    return client.getKubernetesSerialization();
  }

  /**
   * Closes the Event recorders built over these writes (each writes what it holds, see
   * {@link EventRecorder#close()}), then refuses every later call with a {@link WritesClosedException};
   * idempotent. Blocks while the recorders finish.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    for (EventRecorder recorder : List.copyOf(recorders)) {
      recorder.close();
    }
    closed = true;
    log.debug("{} closed", this);
  }

  /** Returns true once {@link #close()} ran. */
  public boolean isClosed() {
    return closed;
  }

  /** Takes {@code recorder} to close before these writes close; closes it now if they are closed. */
  void closeWith(EventRecorder recorder) {
    recorders.add(recorder);
    if (closed) {
      recorder.close();
    }
  }

  /** Forgets a recorder closed on its own. */
  void forget(EventRecorder recorder) {
    recorders.remove(recorder);
  }

  private void requireOpen(String what, HasMetadata object) {
    if (closed) {
      throw new WritesClosedException("the " + what + " of " + Identity.describe(object) + " was refused: " + this
          + " are closed" + (owner == null ? "" : " (its manager stopped)"));
    }
  }

  @Override
  public String toString() {
    return owner == null ? "the operator writes" : "the operator writes of controller '" + owner + "'";
  }

  private <T extends HasMetadata> T write(T object, Verb verb, Supplier<T> request) {
    Objects.requireNonNull(object, "object");
    requireOpen(verb.text, object);
    try (WriteInFlight marked = inFlight(object)) {
      T answer;
      try {
        answer = request.get();
      } catch (KubernetesClientException e) {
        throw mapped(object, verb == Verb.UPDATE_STATUS || verb == Verb.APPLY_STATUS, e);
      }
      tell(answer, verb);
      return answer;
    }
  }

  /**
   * Marks the write of {@code object} as on its way until its answer is recorded, for writes built for
   * a controller; an object without a name (a create with {@code generateName}) cannot be marked.
   */
  private WriteInFlight inFlight(HasMetadata object) {
    if (ownWrites == null || object.getMetadata() == null || object.getMetadata().getName() == null
        || object.getMetadata().getName().isEmpty()) {
      return WriteInFlight.NONE;
    }
    return ownWrites.writing(Identity.typeOf(object), Identity.keyOf(object));
  }

  /** Returns a copy of {@code object} to send as an applied configuration: without managed fields. */
  private <T extends HasMetadata> T forApply(T object) {
    Objects.requireNonNull(object, "object");
    T copy = copy(object);
    if (copy.getMetadata() != null) {
      copy.getMetadata().setManagedFields(null);
    }
    return copy;
  }

  private ApplyOptions defaultOptions() {
    if (fieldManager == null) {
      throw new IllegalStateException("these writes have no field manager: give one (OperatorWrites.builder(client)"
          + ".fieldManager(name) or .forController(controller)) or pass it to apply");
    }
    return ApplyOptions.as(fieldManager).forcingConflicts();
  }

  private void tell(HasMetadata answer, Verb verb) {
    if (listener == null) {
      return;
    }
    try {
      listener.accept(new WrittenObject(Identity.typeOf(answer), Identity.keyOf(answer),
          Identity.resourceVersionOf(answer)));
    } catch (RuntimeException e) {
      log.warn("the write listener failed on {} of {}; the write stands", verb, Identity.describe(answer), e);
    }
  }

  private ApiWriteException mapped(HasMetadata object, boolean statusWrite, KubernetesClientException e) {
    TypeKey type = Identity.typeOf(object);
    ObjectKey key = Identity.keyOf(object);
    Status status = e.getStatus();
    String reason = status == null || status.getReason() == null ? "" : status.getReason();
    String serverMessage = status == null || status.getMessage() == null ? e.getMessage() : status.getMessage();
    String message = (statusWrite ? "status write of " : "write of ") + type + " " + key + " refused ("
        + e.getCode() + (reason.isEmpty() ? "" : " " + reason) + "): " + serverMessage;
    StatusDetails details = status == null ? null : status.getDetails();
    List<StatusCause> fieldConflicts = details == null || details.getCauses() == null ? List.of()
        : details.getCauses().stream().filter(c -> "FieldManagerConflict".equals(c.getReason())).toList();
    if (e.getCode() == 409 && !fieldConflicts.isEmpty()) {
      return new ApplyConflictException(type, key, message, fieldConflicts.stream().map(OperatorWrites::conflict).toList(), e);
    }
    return switch (e.getCode()) {
      case 409 -> new WriteConflictException(type, key, reason, message, e);
      case 422 -> new InvalidObjectException(type, key, reason, message, causes(details), e);
      case 404 -> statusWrite && (details == null || details.getName() == null || details.getName().isEmpty())
          ? new NoStatusSubresourceException(type, key, type + " has no status subresource (404 on the /status of "
          + key + ": " + serverMessage + ")", e)
          : new ApiWriteException(type, key, 404, reason, message, e);
      default -> new ApiWriteException(type, key, e.getCode(), reason, message, e);
    };
  }

  private static List<InvalidObjectException.Cause> causes(StatusDetails details) {
    if (details == null || details.getCauses() == null) {
      return List.of();
    }
    return details.getCauses().stream().map(OperatorWrites::cause).toList();
  }

  /** Reads a conflict cause: its field, and the manager quoted in {@code conflict with "<manager>"…}. */
  private static ApplyConflictException.Conflict conflict(StatusCause cause) {
    String message = Objects.toString(cause.getMessage(), "");
    int open = message.indexOf('"');
    int close = open < 0 ? -1 : message.indexOf('"', open + 1);
    String manager = close < 0 ? "" : message.substring(open + 1, close);
    return new ApplyConflictException.Conflict(Objects.toString(cause.getField(), ""), manager, message);
  }

  private static InvalidObjectException.Cause cause(StatusCause cause) {
    return new InvalidObjectException.Cause(Objects.toString(cause.getReason(), ""),
        Objects.toString(cause.getField(), ""), Objects.toString(cause.getMessage(), ""));
  }

  private static void requireResourceVersion(HasMetadata object) {
    if (Identity.resourceVersionOf(object).isEmpty()) {
      throw new IllegalArgumentException("an update of " + Identity.describe(object)
          + " needs its resourceVersion as the precondition; read the object first");
    }
  }

  /** Configures {@link OperatorWrites}. Not thread-safe. */
  public static final class Builder {

    private final KubernetesClient client;
    private Consumer<WrittenObject> listener;
    private String fieldManager;
    private ControllerBuilder<?> controller;

    private Builder(KubernetesClient client) {
      this.client = Objects.requireNonNull(client, "client");
    }

    /**
     * Writes for {@code controller} of a manager, the way a controller writes: every accepted write
     * is recorded as the controller's own (read-your-writes holds its next reconcile of the object
     * back until the cache has seen the write, with no further wiring; each write is marked
     * {@linkplain io.informer4j.manager.OwnWrites#writing in flight} until recorded, so its event reaching
     * the cache before its answer is not taken for an unrecorded write), server-side apply uses the
     * controller's name as field manager, and the writes built — with the Event recorders built over
     * them — belong to the controller: its manager closes them when it stops
     * ({@link ControllerBuilder#closeOnStop}), after which they refuse with a
     * {@link WritesClosedException}. A {@link #listener} is told of the writes after they are recorded.
     */
    public Builder forController(ControllerBuilder<?> controller) {
      this.controller = Objects.requireNonNull(controller, "controller");
      return fieldManager(controller.name());
    }

    /** Sets the field manager of {@link OperatorWrites#apply(HasMetadata)} and {@link OperatorWrites#applyStatus(HasMetadata)}. */
    public Builder fieldManager(String fieldManager) {
      this.fieldManager = ApplyOptions.as(fieldManager).fieldManager();
      return this;
    }

    /**
     * Tells {@code listener} of every accepted write (none by default), for example to log them. For a
     * controller's writes use {@link #forController} instead: it records them for read-your-writes.
     */
    public Builder listener(Consumer<WrittenObject> listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** Returns the writes; built {@link #forController for a controller}, handed to it to close. */
    public OperatorWrites build() {
      if (controller == null) {
        return new OperatorWrites(client, listener, fieldManager, null, null);
      }
      Consumer<WrittenObject> record = controller.ownWrites()::record;
      OperatorWrites writes = new OperatorWrites(client, listener == null ? record : record.andThen(listener),
          fieldManager, controller.name(), controller.ownWrites());
      controller.closeOnStop(writes);
      return writes;
    }
  }

  /** What a write is. */
  private enum Verb {
    CREATE("create"), UPDATE("update"), UPDATE_STATUS("status update"), APPLY("apply"),
    APPLY_STATUS("status apply");

    private final String text;

    Verb(String text) {
      this.text = text;
    }
  }

}
