package io.informer4j.manager;

import io.informer4j.manager.BackendContactException.Reason;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.MapEntry;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.FirstContact;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.RedactedException;
import io.informer4j.source.Redaction;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TypeNotFoundException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javax.net.ssl.SSLException;

/**
 * The manager's start-up check: waits, up to the start timeout in all, for the first contact of every
 * running informer of the cache and of the watch for new types, and turns the first definitive
 * failure (unreachable, TLS, 401, 403, another rejection) into a {@link BackendContactException}
 * naming what to fix. A failure expected to pass (a timeout, 5xx, 429) keeps the check waiting for
 * the informer's first list until the deadline. A type the server does not serve (404) counts as
 * contact: the informers map handles it as missing. Stateless; blocks the calling thread.
 */
final class FirstContactCheck {

  /** One thing that must make contact: {@code recovered} completes on a later success, if it can tell. */
  private record Contact(String what, CompletableFuture<Void> first, CompletableFuture<Void> recovered,
                         Supplier<String> lastError, String forbiddenRemedy) {
  }

  private static final String RAISE_TIMEOUT =
      "or raise the start timeout (Manager.Builder.startTimeout, informer4j.start-timeout)";

  private FirstContactCheck() {
  }

  /**
   * Waits for the first contacts of {@code cache}'s running informers and its new-types watch.
   *
   * @throws BackendContactException on the first definitive failure, or when the timeout passed first
   *     (also when the calling thread is interrupted: it stays interrupted)
   */
  static void await(InformersMap cache, Duration timeout) {
    String backend = Redaction.redact(cache.backend().description());
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Contact contact : contactsOf(cache)) {
      Throwable failure = outcome(contact.first(), deadline);
      if (failure == null) {
        continue;
      }
      if (failure instanceof TimeoutException || failure instanceof InterruptedException) {
        throw noAnswer(contact, backend, timeout, failure);
      }
      Reason reason = classify(failure);
      if (reason != null) {
        throw new BackendContactException(reason, contact.what(), message(reason, contact, backend, failure), failure);
      }
      if (contact.recovered() != null) {
        Throwable later = outcome(contact.recovered(), deadline);
        if (later != null) {
          throw noAnswer(contact, backend, timeout, later instanceof TimeoutException ? failure : later);
        }
      }
    }
  }

  private static List<Contact> contactsOf(InformersMap cache) {
    List<Contact> contacts = new ArrayList<>();
    for (MapEntry<?> entry : cache.entries()) {
      if (!entry.isMissing()) {
        contacts.add(new Contact("informer " + entry.informer().name() + " (" + entry.type() + ")",
            entry.informer().firstContact(), entry.informer().synced(), () -> entry.informer().status().lastError(),
            "grant list and watch on it to this identity (a Role or ClusterRole and its binding), or do not cache it"));
      }
    }
    cache.newTypesWatch().ifPresent(watch -> contacts.add(contactOf(watch)));
    return contacts;
  }

  private static Contact contactOf(FirstContact watch) {
    return new Contact(watch.description(), watch.firstContact(), null, () -> null,
        "grant list and watch on it, or turn the watch for new types off (Manager.Builder.watchNewTypes(false),"
            + " informer4j.watch-new-types=false): new types are then found by the periodic checks only");
  }

  /**
   * Returns null when {@code future} completed normally or was cancelled (the informer stopped: not a
   * contact problem), the failure when it failed, a {@link TimeoutException} when the deadline passed,
   * an {@link InterruptedException} when interrupted.
   */
  private static Throwable outcome(CompletableFuture<Void> future, long deadline) {
    try {
      future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      return null;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      return cause instanceof CancellationException || cause instanceof TypeNotFoundException ? null : cause;
    } catch (CancellationException e) {
      return null;
    } catch (TimeoutException e) {
      return e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return e;
    }
  }

  /** Returns the reason of a definitive failure, or null for one expected to pass. */
  static Reason classify(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SSLException || t instanceof CertificateException
          || (t instanceof RedactedException && String.valueOf(t.getMessage()).startsWith("javax.net.ssl."))) {
        return Reason.TLS;
      }
    }
    if (!(failure instanceof SourceException error)) {
      return Reason.FAILED;
    }
    if (error.statusCode() == 401) {
      return Reason.UNAUTHORIZED;
    }
    if (error instanceof ForbiddenException || error.statusCode() == 403) {
      return Reason.FORBIDDEN;
    }
    if (error instanceof TransientSourceException transientError) {
      return transientError.reason() == TransientSourceException.Reason.CONNECTION_REFUSED ? Reason.UNREACHABLE : null;
    }
    if (error instanceof TooManyRequestsException || error instanceof ExpiredException
        || error instanceof TooLargeResourceVersionException) {
      return null;
    }
    return Reason.FAILED;
  }

  private static String message(Reason reason, Contact contact, String backend, Throwable failure) {
    String error = Redaction.redact(String.valueOf(failure.getMessage()));
    return switch (reason) {
      case UNREACHABLE -> "cannot reach " + backend + ": " + contact.what() + " got no connection (" + error
          + "). Check the server's address (the kubeconfig's server, the backend's URL) and that it runs and is"
          + " reachable from here";
      case TLS -> "the TLS handshake with " + backend + " failed for " + contact.what() + " (" + error
          + "). Check that the server's certificate is trusted (the kubeconfig's certificate authority) and that"
          + " the client certificate and key are valid and match";
      case UNAUTHORIZED -> backend + " rejected the credentials (401) of " + contact.what() + " (" + error
          + "). Check the token or client certificate: expired, revoked, or the kubeconfig's wrong user or context";
      case FORBIDDEN -> "the credentials may not list and watch " + contact.what() + " on " + backend + " (403: "
          + error + "). To fix: " + contact.forbiddenRemedy();
      case NO_ANSWER, FAILED -> contact.what() + " failed on " + backend + " before its first contact (" + error
          + "). Fix what the error says, " + RAISE_TIMEOUT;
    };
  }

  private static BackendContactException noAnswer(Contact contact, String backend, Duration timeout, Throwable last) {
    boolean interrupted = last instanceof InterruptedException;
    String lastError = interrupted || last instanceof TimeoutException ? contact.lastError().get()
        : Redaction.redact(String.valueOf(last.getMessage()));
    String message = (interrupted ? "interrupted while waiting for " : "no answer within " + timeout + " for ")
        + contact.what() + " from " + backend + (lastError == null ? "" : " (last error: " + lastError + ")")
        + ". Check that the server is reachable and healthy, " + RAISE_TIMEOUT;
    return new BackendContactException(Reason.NO_ANSWER, contact.what(), message,
        last instanceof TimeoutException ? null : last);
  }
}
