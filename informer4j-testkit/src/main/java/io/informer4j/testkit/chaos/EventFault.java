package io.informer4j.testkit.chaos;

/**
 * A fault {@link FaultProxy} applies to one event of a Kubernetes watch stream: a chunked HTTP/1.1
 * body of newline-separated JSON events such as {@code {"type":"ADDED","object":{…}}}.
 */
public enum EventFault {

  /**
   * Writes the first part of the event, cut at a random byte, followed by a newline, then goes on
   * with the next events: the stream stays framed by lines but one line is not a whole event, and
   * the event is lost unless the client notices and re-watches.
   */
  HALF,

  /**
   * Rewrites the event's object so that it no longer binds to its model while its identity stays
   * readable: {@code metadata.labels} becomes {@code [1]}, every other field (name, namespace,
   * resourceVersion, data) is kept. fabric8 fails to bind both a typed model and a
   * {@code GenericKubernetesResource} from it (a number in place of a {@code data} string would not
   * fail: fabric8 turns it into a string). Applies to ADDED, MODIFIED and DELETED events only.
   */
  CORRUPT_OBJECT,

  /**
   * Writes the event in two HTTP chunks, the second a moment after the first: the stream stays
   * valid, and a client must join the pieces.
   */
  SPLIT
}
