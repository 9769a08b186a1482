package io.informer4j.cli.watch;

import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;

/**
 * The first request of {@code informer4j watch}: a list of at most one object, so that an
 * unreachable server, rejected credentials, a forbidden list or an unknown resource end the program
 * at once with a clear line instead of an informer retrying in the background. Blocks for one request.
 */
final class Preflight {

  private Preflight() {
  }

  /**
   * Lists one object of {@code selection}.
   *
   * @param server   the server, for the message
   * @param resource what is listed, for the message
   * @throws io.informer4j.cli.CliException describing the failure
   */
  static void check(ListerWatcher<?> source, Selection selection, String server, String resource) {
    try {
      source.list(ListRequest.of(selection, "").withLimit(1), item -> { });
    } catch (SourceException e) {
      throw SourceErrors.describe(e, server, resource);
    }
  }
}
