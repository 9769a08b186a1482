/** Memory at scale: a million cached objects within a small heap. */
package io.informer4j.benchmarks.memory;
