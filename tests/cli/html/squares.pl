# squares.pl < DOM: the board a browser built from a mail's HTML part, as the placement
# field of a FEN ("rnbqkbnr/pppppppp/8/..."), read from the cells' data-sq and
# data-pc; then a line "last: SQ SQ" with the squares marked as the last move's.
use strict;
use warnings;

local $/;
my $dom = <STDIN>;
my (%at, @last);
while ($dom =~ /<td data-sq="([a-z]+)(\d+)" data-pc="(.)"( data-last="1")?/g) {
	$at{"$1$2"} = $3;
	push @last, "$1$2" if $4;
}
my @rows;
for my $rank (reverse 1 .. 8) {
	my ($row, $empty) = ('', 0);
	for my $file ('a' .. 'h') {
		my $p = $at{"$file$rank"} // '?';
		if ($p eq '-') { $empty++; next }
		$row .= $empty if $empty;
		$empty = 0;
		$row .= $p;
	}
	$row .= $empty if $empty;
	push @rows, $row;
}
print join('/', @rows), "\n";
print "last: ", join(' ', sort @last), "\n";
