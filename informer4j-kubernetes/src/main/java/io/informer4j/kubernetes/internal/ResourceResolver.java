package io.informer4j.kubernetes.internal;

import io.informer4j.kubernetes.ResourceDescriptor;
import java.util.function.Supplier;

/**
 * Finds the {@link ResourceDescriptor} of a lister-watcher's type: fixed when known up front, or
 * looked up (through discovery) on first use and remembered once found, so a source can be created
 * for a type that is not installed yet. Thread-safe.
 */
public final class ResourceResolver {

  private final Supplier<ResourceDescriptor> lookup;
  private final String description;
  private volatile ResourceDescriptor resolved;

  private ResourceResolver(ResourceDescriptor fixed, Supplier<ResourceDescriptor> lookup, String description) {
    this.resolved = fixed;
    this.lookup = lookup;
    this.description = description;
  }

  /** Returns a resolver of a known descriptor. */
  public static ResourceResolver fixed(ResourceDescriptor descriptor) {
    return new ResourceResolver(descriptor, () -> descriptor, descriptor.type().toString());
  }

  /**
   * Returns a resolver that calls {@code lookup} until it succeeds.
   *
   * @param lookup      finds the descriptor; throws a {@code SourceException} (for example
   *                    {@code TypeNotFoundException}) while it cannot
   * @param description the type, for logs
   */
  public static ResourceResolver lazy(Supplier<ResourceDescriptor> lookup, String description) {
    return new ResourceResolver(null, lookup, description);
  }

  /** Returns the descriptor, looking it up if needed. @throws io.informer4j.source.SourceException if unknown */
  public ResourceDescriptor resolve() {
    ResourceDescriptor current = resolved;
    if (current == null) {
      current = lookup.get();
      resolved = current;
    }
    return current;
  }

  /** Returns the type's description, known or not yet resolved. */
  public String description() {
    ResourceDescriptor current = resolved;
    return current != null ? current.type().toString() : description;
  }
}
