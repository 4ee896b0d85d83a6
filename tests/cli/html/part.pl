# part.pl HEADER TYPE < MBOX: the TYPE part (text/html or text/plain), decoded, of the last
# mail in MBOX whose header holds the line HEADER ("To: bob@example.org"); exit 1 if none.
use strict;
use warnings;
use MIME::QuotedPrint;

my ($header, $type) = @ARGV;
local $/;
my $all = <STDIN>;
$all =~ s/\r\n/\n/g;
my @mails = split /^From \S+ .*\n/m, $all;
my $found;
for my $m (@mails) {
	my ($h) = split /\n\n/, $m, 2;
	$found = $m if defined $h && $h =~ /^\Q$header\E$/m;
}
exit 1 unless defined $found;
for my $part (split /^--=_tempest_\w+(?:--)?\n/m, $found) {
	my ($h, $b) = split /\n\n/, $part, 2;
	next unless defined $b && $h =~ m{^Content-Type: \Q$type\E}mi;
	$b = decode_qp($b) if $h =~ /^Content-Transfer-Encoding: quoted-printable/mi;
	print $b;
	exit 0;
}
exit 1;
